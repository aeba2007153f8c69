import type { MembershipChangedPayload, PaymentDecidedPayload } from '@le/contracts';
import { useEffect, useRef } from 'react';

import { useSessionStore } from '@/stores/session-store';
import { acquireRealtime, onMembershipChanged, onPaymentDecided } from './realtime-client';

/**
 * While signed in, hold the tab's socket and hear `membership:changed` (contract §9: an approval, an
 * admin's edit, the end of the rights). The handler may change between renders; the subscription stays.
 */
export function useMembershipPush(
  handler: (change: MembershipChangedPayload) => void,
  onPayment: (decided: PaymentDecidedPayload) => void = () => undefined,
): void {
  const signedIn = useSessionStore((state) => state.token !== null);
  const latest = useRef({ handler, onPayment });
  useEffect(() => {
    latest.current = { handler, onPayment };
  });
  useEffect(() => {
    if (!signedIn) return;
    const release = acquireRealtime();
    const stop = onMembershipChanged((change) => latest.current.handler(change));
    // A payment decided (a rejection changes no right, so only this tells it): the screens follow.
    const stopPayments = onPaymentDecided((decided) => latest.current.onPayment(decided));
    return () => {
      stop();
      stopPayments();
      release();
    };
  }, [signedIn]);
}
