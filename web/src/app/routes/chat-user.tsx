import { ComingSoon } from '../../components/ui/coming-soon';

export function ChatUserRoute() {
  return (
    <ComingSoon
      title="Messages"
      description="Your private conversation with the Lukis Emas admins. Coming soon."
      highlights={['LE Chat with an admin', 'Unread message counts', 'Works on phone and desktop']}
    />
  );
}
