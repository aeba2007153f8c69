// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { byTestId, openSignal, render } from '@/features/signals/components/test-render';
import { hasLevels } from '@/features/signals/utils/levels-draft';
import { SignalAdminActions } from './signal-admin-actions';

const OPENED_AT = '2026-03-02T08:00:00.000Z';
const at = (minutes: number, seconds = 0) => Date.parse(OPENED_AT) + minutes * 60_000 + seconds * 1000;

describe('SignalAdminActions: Cancel', () => {
  let view: ReturnType<typeof render>;
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => {
    view.unmount();
    vi.useRealTimers();
  });

  const mount = () => {
    const signal = openSignal({ openedAt: OPENED_AT, updatedAt: OPENED_AT });
    if (!hasLevels(signal)) throw new Error('levels expected');
    view = render(<SignalAdminActions signal={signal} />);
  };
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('counts down while the signal is under 5 minutes old and leaves at 5:00 by its own timer', () => {
    vi.setSystemTime(at(4, 57));
    mount();
    expect(byTestId('cancel-signal')?.textContent).toBe('Cancel · 0:03');

    advance(1000);
    expect(byTestId('cancel-signal')?.textContent).toBe('Cancel · 0:02');

    advance(2000);
    // Exactly 5:00 still counts (the contract's window includes that moment).
    expect(byTestId('cancel-signal')).not.toBeNull();

    advance(1000);
    expect(byTestId('cancel-signal')).toBeNull();
    expect(document.body.textContent).toContain('Close');
  });

  it('is not offered for a signal opened more than 5 minutes ago', () => {
    vi.setSystemTime(at(5, 1));
    mount();
    expect(byTestId('cancel-signal')).toBeNull();
  });
});
