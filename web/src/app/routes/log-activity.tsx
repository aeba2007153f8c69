import { ActivityLogPage } from '@/features/activity-log/components/activity-log-page';

export function LogActivityRoute() {
  return <ActivityLogPage />;
}
