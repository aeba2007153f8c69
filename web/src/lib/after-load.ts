/** The parts of `window` that `afterLoad` uses (a test passes its own). */
export interface LoadWindow {
  document: { readyState: DocumentReadyState };
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  removeEventListener(type: 'load', listener: () => void): void;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/** The longest wait for an idle moment once the page has loaded. */
export const IDLE_TIMEOUT_MS = 2_000;

/**
 * Calls `callback` once the page has loaded (its `load` event, or at once when it has already
 * fired) and the main thread is next idle (at most `IDLE_TIMEOUT_MS` later; a timer where the
 * browser has no requestIdleCallback). For work that the first paint does not need, so that it
 * does not compete with it. Returns a cancel function.
 */
export const afterLoad = (callback: () => void, win: LoadWindow = window as unknown as LoadWindow): (() => void) => {
  let cancelIdle: (() => void) | null = null;
  const whenIdle = () => {
    if (win.requestIdleCallback && win.cancelIdleCallback) {
      const handle = win.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => win.cancelIdleCallback?.(handle);
    } else {
      const handle = win.setTimeout(callback, 0);
      cancelIdle = () => win.clearTimeout(handle);
    }
  };
  if (win.document.readyState === 'complete') {
    whenIdle();
    return () => cancelIdle?.();
  }
  win.addEventListener('load', whenIdle, { once: true });
  return () => {
    win.removeEventListener('load', whenIdle);
    cancelIdle?.();
  };
};
