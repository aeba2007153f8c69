import { NotificationsCard } from '@/features/notifications/components/notifications-card';
import { ProfileSettings } from '@/features/profile/components/profile-settings';

export default function SettingsRoute() {
  return <ProfileSettings notifications={<NotificationsCard />} />;
}
