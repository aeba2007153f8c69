// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import '@/lib/test-render';

/**
 * Chakra's globals (reset, base, the tokens' variables) and the app's provider: on a page the server
 * drew they are in the head already, and the app never computes them (one long task on a phone).
 */
describe('AppProvider and Chakra’s global styles', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.head.replaceChildren();
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  /** The app's provider on a page whose head is `head`: how often the system's globals were read. */
  const mount = async (head: string) => {
    document.head.innerHTML = head;
    vi.resetModules();
    const { system } = await import('@/components/ui/system');
    const reads = vi.spyOn(system, '_global', 'get');
    const { AppProvider } = await import('./provider');
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () =>
      root!.render(
        <AppProvider>
          <p>page</p>
        </AppProvider>,
      ),
    );
    expect(document.body.textContent).toContain('page');
    return reads.mock.calls.length;
  };

  it('on a page the server drew (its globals in the head), never computes them', async () => {
    expect(await mount('<style data-emotion="css-global a1b2c3">@layer reset{html{margin:0}}</style>')).toBe(0);
  });

  it('on a page the app draws, computes them and draws them', async () => {
    expect(await mount('')).toBeGreaterThan(0);
    const written = Array.from(document.querySelectorAll('style[data-emotion]'), (style) => style.textContent).join('');
    const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText));
    expect(written + rules.join('')).toContain('--chakra-colors-gold-500');
  });
});
