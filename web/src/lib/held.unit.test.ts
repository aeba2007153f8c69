import { describe, expect, it, vi } from 'vitest';
import { sharedWhileHeld } from './held';

describe('sharedWhileHeld', () => {
  it('starts with the first holder, stops after the last, and counts a release once', () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const acquire = sharedWhileHeld(start);
    const first = acquire();
    const second = acquire();
    expect(start).toHaveBeenCalledTimes(1);
    first();
    first();
    expect(stop).not.toHaveBeenCalled();
    second();
    expect(stop).toHaveBeenCalledTimes(1);
    acquire()();
    expect(start).toHaveBeenCalledTimes(2);
    expect(stop).toHaveBeenCalledTimes(2);
  });
});
