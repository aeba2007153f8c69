import { ManageMembershipPage } from '@/features/admin/components/manage-membership-page';
import { MemberTimeout } from '@/features/moderation/components/member-timeout';

export default function ManageMembershipRoute() {
  return <ManageMembershipPage memberActions={(user) => <MemberTimeout user={user} />} />;
}
