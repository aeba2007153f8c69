import { useMemo } from 'react';

import { useNowAcross } from '@/lib/dates';
import { useSessionRole, useSessionUser } from '@/lib/session-user';
import { useSessionStore } from '@/stores/session-store';
import { chatRights, type ChatRights } from '@/features/chat/utils/rights';

/** The viewer's rights in the live room (chatRights), looked at again when their membership's end or grace passes on an open screen. */
export function useChatRights(): ChatRights {
  const token = useSessionStore((state) => state.token);
  const role = useSessionRole();
  const user = useSessionUser();
  const now = useNowAcross([user?.membershipEnd, user?.graceEndsAt]);
  return useMemo(() => chatRights(token, role, user, Math.max(now, Date.now())), [token, role, user, now]);
}
