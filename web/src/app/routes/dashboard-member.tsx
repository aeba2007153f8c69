import { MemberDashboard } from '@/features/membership/components/member-dashboard';

export default function DashboardMemberRoute() {
  return <MemberDashboard />;
}
