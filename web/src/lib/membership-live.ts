import type { MembershipChangedPayload, PaymentDecidedPayload } from '@le/contracts';
import { useEffect, useRef } from 'react';

import { useSessionStore } from '@/stores/session-store';
import { acquireRealtime, onMembershipChanged, onPaymentDecided, useRealtimeStore } from './realtime-client';

/**
 * While signed in, hold the tab's socket and hear `membership:changed` (contract §9: an approval, an
 * admin's edit, the end of the rights). `onSync` runs on every (re)connection, where a push made
 * while the socket was away has to be read instead. The handlers may change between renders; the
 * subscription stays.
 */
export function useMembershipPush(
  handler: (change: MembershipChangedPayload) => void,
  onPayment: (decided: PaymentDecidedPayload) => void = () => undefined,
  onSync: () => void = () => undefined,
): void {
  const signedIn = useSessionStore((state) => state.token !== null);
  const syncs = useRealtimeStore((state) => (state.status === 'connected' ? state.syncs : 0));
  const latest = useRef({ handler, onPayment, onSync });
  useEffect(() => {
    latest.current = { handler, onPayment, onSync };
  });
  useEffect(() => {
    if (signedIn && syncs > 0) latest.current.onSync();
  }, [signedIn, syncs]);
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
