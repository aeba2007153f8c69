import { ComingSoon } from '../../components/ui/coming-soon';

export function ManageMembershipRoute() {
  return (
    <ComingSoon
      title="Manage Membership"
      description="Review payment proofs, approve or reject them, and adjust members’ tiers and end dates. Coming soon."
      highlights={['Approve or reject payments', 'Change tier, duration and end date', 'Search members by name, role or tier']}
    />
  );
}
