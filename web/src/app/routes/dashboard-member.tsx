import { ComingSoon } from '../../components/ui/coming-soon';

export function DashboardMemberRoute() {
  return (
    <ComingSoon
      title="Membership Dashboard"
      description="Your status, plan, renewal or trial date and payment history, with a link to upgrade. Coming soon."
      highlights={['Active, Trial or Expired status', 'Full payment history', 'Upgrade Member in one click']}
    />
  );
}
