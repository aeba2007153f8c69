import { ProfileSettings } from '@/features/profile/components/profile-settings';

export function SettingsRoute() {
  return <ProfileSettings />;
}
