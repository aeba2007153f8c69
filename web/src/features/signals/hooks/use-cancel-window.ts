import { isWithinCancelWindow, SIGNAL_RULES } from '@le/contracts';
import { useEffect, useState } from 'react';

/**
 * Whether a signal opened at `openedAt` may still be cancelled (contract §8: 5 minutes, that
 * moment included), and the whole seconds left. Ticks once a second while open, so the Cancel
 * button counts down and leaves at 5:00 without a render from elsewhere.
 */
export function useCancelWindow(openedAt: string) {
  const [now, setNow] = useState(() => Date.now());
  const open = isWithinCancelWindow(openedAt, now);
  const endsAt = Date.parse(openedAt) + SIGNAL_RULES.cancelWindowMs;

  useEffect(() => {
    if (!open) return;
    // A second on, or the instant just past the window's end when that comes first.
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(1, Math.min(1000, endsAt - now + 1)));
    return () => window.clearTimeout(timer);
  }, [open, now, endsAt]);

  return { open, secondsLeft: open ? Math.max(0, Math.ceil((endsAt - now) / 1000)) : 0 };
}

/** 272 → "4:32". */
export const formatCountdown = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
