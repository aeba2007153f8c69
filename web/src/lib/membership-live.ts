import type { MembershipChangedPayload } from '@le/contracts';
import { useEffect, useRef } from 'react';

import { useSessionStore } from '@/stores/session-store';
import { acquireRealtime, onMembershipChanged } from './realtime-client';

/**
 * While signed in, hold the tab's socket and hear `membership:changed` (contract §9: an approval, an
 * admin's edit, the end of the rights). The handler may change between renders; the subscription stays.
 */
export function useMembershipPush(handler: (change: MembershipChangedPayload) => void): void {
  const signedIn = useSessionStore((state) => state.token !== null);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!signedIn) return;
    const release = acquireRealtime();
    const stop = onMembershipChanged((change) => latest.current(change));
    return () => {
      stop();
      release();
    };
  }, [signedIn]);
}
