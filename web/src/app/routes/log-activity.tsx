import { ActivityLogPage } from '@/features/activity-log/components/activity-log-page';

export default function LogActivityRoute() {
  return <ActivityLogPage />;
}
