// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { render } from '@/features/signals/components/test-render';
import { useOpenCountTitle } from './use-open-count-title';

function Title({ count, page }: { count: number; page: string }) {
  useOpenCountTitle(count);
  return <title>{page}</title>;
}

/** Let the MutationObserver's callback run. */
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useOpenCountTitle', () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
    document.title = '';
  });

  it('shows "(n) " in front of the title while signals are open, and nothing at 0', async () => {
    document.title = 'Home — Lukis Emas';
    view = render(<Title count={2} page="Home — Lukis Emas" />);
    await flush();
    expect(document.title).toBe('(2) Home — Lukis Emas');
    view.unmount();
    view = render(<Title count={0} page="Home — Lukis Emas" />);
    await flush();
    expect(document.title).toBe('Home — Lukis Emas');
  });

  it('puts the count back when a page changes the title', async () => {
    document.title = 'Home — Lukis Emas';
    view = render(<Title count={1} page="Home — Lukis Emas" />);
    await flush();
    act(() => {
      document.title = 'Signals — Lukis Emas';
    });
    await flush();
    expect(document.title).toBe('(1) Signals — Lukis Emas');
  });
});
