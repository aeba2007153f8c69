import { Navigate } from 'react-router';

import { paths } from '@/config/paths';
import { MemberChatScreen } from '@/features/chat/components/member-chat-screen';
import { useSessionRole } from '@/lib/session-user';

/** The member's chat with the admins; an admin's messages are on /chat-admin (spec §2 Message item). */
export default function ChatUserRoute() {
  const role = useSessionRole();
  if (role === 'admin') return <Navigate to={paths.chatAdmin.href} replace />;
  return <MemberChatScreen />;
}
