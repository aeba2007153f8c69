import { describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, afterLoad, type LoadWindow } from './after-load';

/** A window whose load event and idle callbacks the test fires by hand. */
const fakeWindow = (readyState: DocumentReadyState, withIdle = true) => {
  const loadListeners = new Set<() => void>();
  const idle = new Map<number, () => void>();
  const timers = new Map<number, () => void>();
  let next = 1;
  const win: LoadWindow = {
    document: { readyState },
    addEventListener: (_type, listener) => void loadListeners.add(listener),
    removeEventListener: (_type, listener) => void loadListeners.delete(listener),
    setTimeout: (callback) => {
      timers.set(next, callback);
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle),
    ...(withIdle
      ? {
          requestIdleCallback: vi.fn((callback: () => void) => {
            idle.set(next, callback);
            return next++;
          }),
          cancelIdleCallback: (handle: number) => void idle.delete(handle),
        }
      : {}),
  };
  return {
    win,
    load: () => {
      win.document.readyState = 'complete';
      for (const listener of [...loadListeners]) listener();
    },
    runIdle: () => [...idle.values(), ...timers.values()].forEach((callback) => callback()),
    pending: () => idle.size + timers.size + loadListeners.size,
  };
};

describe('afterLoad', () => {
  it('waits for the load event, then for an idle moment (with a timeout)', () => {
    const page = fakeWindow('interactive');
    const callback = vi.fn();
    afterLoad(callback, page.win);
    page.runIdle();
    expect(callback).not.toHaveBeenCalled();
    page.load();
    expect(callback).not.toHaveBeenCalled();
    expect(page.win.requestIdleCallback).toHaveBeenCalledWith(callback, { timeout: IDLE_TIMEOUT_MS });
    page.runIdle();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('after the load, only the idle moment; without requestIdleCallback, a timer', () => {
    const loaded = fakeWindow('complete');
    const first = vi.fn();
    afterLoad(first, loaded.win);
    expect(first).not.toHaveBeenCalled();
    loaded.runIdle();
    expect(first).toHaveBeenCalledOnce();

    const old = fakeWindow('complete', false);
    const second = vi.fn();
    afterLoad(second, old.win);
    old.runIdle();
    expect(second).toHaveBeenCalledOnce();
  });

  it('cancelled before or after the load, it never calls', () => {
    const before = fakeWindow('loading');
    const first = vi.fn();
    afterLoad(first, before.win)();
    before.load();
    before.runIdle();
    expect(first).not.toHaveBeenCalled();
    expect(before.pending()).toBe(0);

    const after = fakeWindow('loading');
    const second = vi.fn();
    const cancel = afterLoad(second, after.win);
    after.load();
    cancel();
    after.runIdle();
    expect(second).not.toHaveBeenCalled();
  });
});
