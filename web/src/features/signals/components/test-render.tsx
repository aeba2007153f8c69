/** For the feature's component tests (jsdom): render inside the app's providers, type into a box, find by text. */
import { ChakraProvider } from '@chakra-ui/react';
import type { Signal } from '@le/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

import { system } from '@/components/ui/system';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Mount `ui` with Chakra, a fresh query client and a router; `unmount` takes it all away. */
export function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  act(() =>
    root.render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>,
    ),
  );
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Type into a controlled input as a person would (React hears the native input event). */
export function typeInto(element: Element | null, value: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) throw new Error('Not a text box');
  const prototype = element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Wait until `check` passes, letting React apply what the awaited work (a request, a timer) set meanwhile. */
export const waitFor = (check: () => void) =>
  vi.waitFor(async () => {
    await act(async () => {});
    check();
  });

export function click(element: Element | null) {
  if (!(element instanceof HTMLElement)) throw new Error('Nothing to click');
  act(() => element.click());
}

/** The button whose text is `text` (exactly, trimmed), anywhere in the document (dialogs live in portals). */
export const buttonNamed = (text: string): HTMLButtonElement | null =>
  [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === text) ?? null;

export const byTestId = (id: string): HTMLElement | null => document.querySelector(`[data-testid="${id}"]`);

/** An open signal as an admin sees it (every level and the analysis); `overrides` say what a test is about. */
export const openSignal = (overrides: Partial<Signal> = {}): Signal => ({
  _id: 'sig-1',
  seq: 1,
  symbol: 'XAUUSD',
  side: 'buy',
  entry: 2350,
  stopLoss: 2340,
  takeProfits: [2370, 2380],
  analysis: 'Higher lows on the hour.',
  status: 'open',
  openedAt: '2026-03-02T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
  closedAt: null,
  exitPrice: null,
  outcome: null,
  pips: null,
  author: { _id: 'admin-1', name: 'Admin' },
  ...overrides,
});
