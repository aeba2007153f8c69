import { MemberChatScreen } from '../../features/chat/components/member-chat-screen';

export function ChatUserRoute() {
  return <MemberChatScreen />;
}
