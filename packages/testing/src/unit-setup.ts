import { vi } from 'vitest';

/**
 * Runs before each file of the `unit` project, whose files share a worker (`isolate: false`, see
 * vitest.config.ts). Our own modules are evaluated afresh for each file (a store, a query client or
 * a cache of ours starts empty), while the dependencies Node loaded (React, Chakra) stay loaded:
 * that is the time saved. The jsdom document and storage start empty, and what a file left on the
 * globals (fake timers, stubs) is undone.
 */
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
// jsdom's globals (this package is typed without the DOM library).
const dom = globalThis as unknown as { document?: { body: { replaceChildren(): void } }; localStorage?: Storage; sessionStorage?: Storage };
interface Storage {
  clear(): void;
}
dom.document?.body.replaceChildren();
dom.localStorage?.clear();
dom.sessionStorage?.clear();
