import { ComingSoon } from '../../components/ui/coming-soon';

export function FaqChatRoute() {
  return (
    <ComingSoon
      title="FAQ & Live Chat"
      description="Answers to the most common questions next to a live chat with the community. This page is coming soon."
      highlights={['Five quick answers about the service', 'Live chat with members and admins', 'Read-only for guests and trial users']}
    />
  );
}
