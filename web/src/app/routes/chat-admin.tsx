import { ComingSoon } from '../../components/ui/coming-soon';

export function ChatAdminRoute() {
  return (
    <ComingSoon
      title="Admin Chat"
      description="Every member conversation in one list, with replies, hiding and the global room. Coming soon."
      highlights={['LE Chat list, newest first', 'Reply to any member', 'Hide or unhide messages']}
    />
  );
}
