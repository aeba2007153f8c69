// @vitest-environment jsdom
import { act, lazy, useEffect, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { render } from '@/lib/test-render';
import { HydrationPart, whenPartsHydrated } from './hydration-part';

/**
 * Waits for the parts as root.tsx does: from the effect of a component drawn before them (its effect
 * runs first); `cancelAtOnce` gives the wait up as soon as it is asked for.
 */
function Ready({ done, cancelAtOnce = false }: { done: () => void; cancelAtOnce?: boolean }) {
  useEffect(() => {
    const cancel = whenPartsHydrated(done);
    if (cancelAtOnce) cancel();
    return cancel;
  }, [done, cancelAtOnce]);
  return null;
}

describe('parts of a page hydrated on their own', () => {
  it('says the page is ready only once every part drawn, nested ones too, has its content', async () => {
    let arrive: () => void = () => undefined;
    const Late = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = () => resolve({ default: () => <p data-testid="late">late</p> }))));
    const ready = vi.fn();
    const view = render(
      <>
        <Ready done={ready} />
        <HydrationPart>
          <p>at once</p>
        </HydrationPart>
        <HydrationPart>
          <HydrationPart>
            <Late />
          </HydrationPart>
        </HydrationPart>
      </>,
    );
    await act(async () => undefined);
    // one part still waits for its content
    expect(ready).not.toHaveBeenCalled();
    await act(async () => arrive());
    expect(document.querySelector('[data-testid="late"]')?.textContent).toBe('late');
    expect(ready).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('with every part drawn at once, or none, the page is ready after the commit; a cancelled wait calls nothing', async () => {
    const ready = vi.fn();
    const cancelled = vi.fn();
    const view = render(
      <>
        <Ready done={ready} />
        <Ready done={cancelled} cancelAtOnce />
        <HydrationPart>
          <p>at once</p>
        </HydrationPart>
      </>,
    );
    await act(async () => undefined);
    expect(ready).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    view.unmount();
  });
});
