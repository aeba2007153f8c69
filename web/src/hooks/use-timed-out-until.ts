import type { PublicUser } from '@le/contracts';
import { useEffect, useState } from 'react';

import { useQueryData } from '@/lib/query-client';
import { meKeys } from './use-me';

/**
 * When the signed-in user's timeout from the live room ends (ISO), or null (contract §13): the
 * `/auth/me` answer, patched by `user:restricted` (the moderation layer). A timeout ends by itself:
 * this turns null at `until` without a word from the server.
 */
export function useTimedOutUntil(): string | null {
  const until = useQueryData<PublicUser>(meKeys.me)?.timedOutUntil ?? null;
  const [, setTick] = useState(0);
  const ends = until ? Date.parse(until) : Number.NaN;
  const active = Number.isFinite(ends) && ends > Date.now();
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setTimeout(() => setTick((tick) => tick + 1), Math.max(ends - Date.now(), 0) + 250);
    return () => window.clearTimeout(timer);
  }, [active, ends]);
  return active ? until : null;
}
