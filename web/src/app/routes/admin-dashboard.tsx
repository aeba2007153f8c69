import { ComingSoon } from '../../components/ui/coming-soon';

export function AdminDashboardRoute() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      description="An overview of members by tier, pending payments, online users and today’s messages. The dashboard is coming soon."
      highlights={['Members by tier', 'Pending payments to review', 'Who is online right now']}
    />
  );
}
