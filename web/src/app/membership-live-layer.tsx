import type { MembershipChangedPayload } from '@le/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

import { toaster } from '@/components/ui/toaster';
import { applyMembershipChange } from '@/hooks/use-me';
import { useMembershipPush } from '@/lib/membership-live';
import { membershipKeys } from '@/features/membership/api/keys';
import { membershipNotice } from './membership-notice';

/**
 * One `membership:changed` (contract §9): the user's rights change everywhere at once (the /auth/me
 * data and the session store, which the composer, the /live gate and the top bar read), the payment
 * history is read again (an approval decided one), and a toast says what happened.
 */
export const handleMembershipChange = (client: QueryClient, change: MembershipChangedPayload, now = Date.now()): void => {
  const before = applyMembershipChange(client, change);
  void client.invalidateQueries({ queryKey: membershipKeys.all });
  const notice = membershipNotice(before, change, now);
  if (notice) toaster.create({ ...notice, duration: 10_000, closable: true });
};

/** Mounted once by the app shell (its own lazy chunk, with the socket): every screen follows the membership live. */
export function MembershipLiveLayer() {
  const client = useQueryClient();
  useMembershipPush((change) => handleMembershipChange(client, change));
  return null;
}

export default MembershipLiveLayer;
