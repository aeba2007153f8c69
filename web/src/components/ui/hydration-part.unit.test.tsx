// @vitest-environment jsdom
import { act, lazy, useEffect, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { render } from '@/lib/test-render';
import { HydrationPart, whenPartsHydrated } from './hydration-part';

describe('parts of a page hydrated on their own', () => {
  it('says the page is ready only once every part drawn, nested ones too, has its content', async () => {
    let arrive: () => void = () => undefined;
    const Late = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = () => resolve({ default: () => <p data-testid="late">late</p> }))));
    const ready = vi.fn();
    // as root.tsx asks: from the effect of a component drawn before the parts (its effect runs first)
    function Ready() {
      useEffect(() => whenPartsHydrated(ready), []);
      return null;
    }
    function Page() {
      return (
        <>
          <Ready />
          <HydrationPart>
            <p>at once</p>
          </HydrationPart>
          <HydrationPart>
            <HydrationPart>
              <Late />
            </HydrationPart>
          </HydrationPart>
        </>
      );
    }
    const view = render(<Page />);
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
    function Ready() {
      useEffect(() => whenPartsHydrated(ready), []);
      useEffect(() => whenPartsHydrated(cancelled)(), []);
      return null;
    }
    function Page() {
      return (
        <>
          <Ready />
          <HydrationPart>
            <p>at once</p>
          </HydrationPart>
        </>
      );
    }
    const view = render(<Page />);
    await act(async () => undefined);
    expect(ready).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    view.unmount();
  });
});
