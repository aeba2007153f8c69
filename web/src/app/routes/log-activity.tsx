import { ComingSoon } from '../../components/ui/coming-soon';

export function LogActivityRoute() {
  return (
    <ComingSoon
      title="Activity Log"
      description="A table of page visits and actions by every user, newest first. The activity log is coming soon."
      highlights={['No, User, Role, IP, Page, Time, Message', 'Newest entries first', 'Admins only']}
    />
  );
}
