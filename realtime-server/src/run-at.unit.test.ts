import { afterEach, describe, expect, it, vi } from 'vitest';
import { runAt } from './index';

const DAY = 86_400_000;

describe('runAt', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a moment more than 24.8 days away (the longest timer) instead of firing early', () => {
    vi.useFakeTimers();
    const done = vi.fn();
    runAt(Date.now() + 30 * DAY, done);
    vi.advanceTimersByTime(25 * DAY);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * DAY - 1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('runs at once for a moment passed, and never once cancelled', () => {
    vi.useFakeTimers();
    const passed = vi.fn();
    runAt(Date.now() - 1, passed);
    expect(passed).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    const cancel = runAt(Date.now() + 40 * DAY, cancelled);
    vi.advanceTimersByTime(30 * DAY);
    cancel();
    vi.advanceTimersByTime(20 * DAY);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
