import { ManageMembershipPage } from '@/features/admin/components/manage-membership-page';

export function ManageMembershipRoute() {
  return <ManageMembershipPage />;
}
