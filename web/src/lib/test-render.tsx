/** For component tests (jsdom): render inside the app's providers, find by text, wait for a condition. */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

import { appSystem } from '@/components/ui/system';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no ResizeObserver; Chakra's autoresizing textarea and the charts ask for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Nor matchMedia: `(min-width: Npx)` holds when the window (1024 px wide in jsdom) is that wide.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? window.innerWidth >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

/** A query client as tests want it: no retries, so a failure shows at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Mount `ui` with Chakra, a query client (a fresh one unless given) and a router at `path`; `unmount` takes it all away. */
export function render(ui: ReactNode, { client = testQueryClient(), path = '/' }: { client?: QueryClient; path?: string } = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <ChakraProvider value={appSystem({ globals: true })}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>,
    ),
  );
  return {
    container,
    client,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Wait until `check` passes, letting React apply what the awaited work (a request, a timer) set meanwhile. */
export const waitFor = (check: () => void, timeout = 5_000) =>
  vi.waitFor(
    async () => {
      await act(async () => {});
      check();
    },
    { timeout, interval: 20 },
  );

export function click(element: Element | null) {
  if (!(element instanceof HTMLElement)) throw new Error('Nothing to click');
  act(() => element.click());
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

/** The button whose text is `text` (exactly, trimmed), anywhere in the document (dialogs live in portals). */
export const buttonNamed = (text: string): HTMLButtonElement | null =>
  [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === text) ?? null;

export const byTestId = (id: string): HTMLElement | null => document.querySelector(`[data-testid="${id}"]`);

export const allByTestId = (id: string): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

/**
 * Answers the app's `fetch` calls from `routes` (method and path after /api, e.g. 'GET /auth/me'), JSON
 * with status 200 unless the answer says otherwise; an unknown call is a 404. Returns the calls seen.
 */
export function stubApi(routes: Record<string, (body: unknown) => unknown | { status: number; body: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
      const answer = route ? route(body) : { status: 404, body: { message: 'Not found' } };
      const framed = answer !== null && typeof answer === 'object' && 'status' in answer && 'body' in answer ? (answer as { status: number; body: unknown }) : { status: 200, body: answer };
      const text = framed.status === 204 ? null : JSON.stringify(framed.body);
      return new Response(text, { status: framed.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
