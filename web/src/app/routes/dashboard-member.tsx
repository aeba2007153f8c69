import { MemberDashboard } from '@/features/membership/components/member-dashboard';

export function DashboardMemberRoute() {
  return <MemberDashboard />;
}
