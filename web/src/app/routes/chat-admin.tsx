import { useQueryClient } from '@tanstack/react-query';

import { InboxMemberPanel } from '@/features/admin/components/inbox-member-panel';
import { chatKeys } from '@/features/chat/api/keys';
import { AdminChatScreen } from '@/features/chat/components/admin-chat-screen';

/** The admin's inbox, with the admin feature's member panel (membership, payments, approve/reject) beside each conversation. */
export default function ChatAdminRoute() {
  const queryClient = useQueryClient();
  // A decision changes the inbox's badges (a pending payment is gone): read the list again.
  const refreshInbox = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list('admin') });
  return <AdminChatScreen memberPanel={(member) => <InboxMemberPanel member={member} onDecided={refreshInbox} />} />;
}
