import { LIMITS, UI_TEXT } from '@le/contracts';
import { useCallback, useState } from 'react';

import { ApiError, errorMessage } from '@/lib/api-client';
import type { CodePurpose } from '@/features/auth/api/resend-code';
import { resendCode } from '@/features/auth/api/resend-code';
import { useCountdown } from './use-countdown';

const COOLDOWN_SECONDS = LIMITS.resendCooldownMs / 1000;

export type ResendOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * "Resend Code" with its cooldown (spec §4): 60 s after each code sent, or the server's Retry-After on a 429.
 * `cooldownOnArrival` starts the countdown at once, when the previous screen has just mailed a code.
 */
export function useResendCode(purpose: CodePurpose, { cooldownOnArrival }: { cooldownOnArrival: boolean }) {
  const { secondsLeft, start } = useCountdown(cooldownOnArrival ? COOLDOWN_SECONDS : 0);
  const [resending, setResending] = useState(false);

  const resend = useCallback(
    async (email: string): Promise<ResendOutcome> => {
      setResending(true);
      try {
        const result = await resendCode({ email, purpose });
        start(COOLDOWN_SECONDS);
        return { ok: true, message: result?.message || 'A new code is on its way to your inbox.' };
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) start(error.retryAfterSeconds ?? COOLDOWN_SECONDS);
        return { ok: false, message: errorMessage(error, UI_TEXT.resendFailed) };
      } finally {
        setResending(false);
      }
    },
    [purpose, start],
  );

  return { secondsLeft, resending, resend };
}
