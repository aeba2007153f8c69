import { AdminChatScreen } from '@/features/chat/components/admin-chat-screen';

export function ChatAdminRoute() {
  return <AdminChatScreen />;
}
