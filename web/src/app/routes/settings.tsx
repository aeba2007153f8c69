import { ComingSoon } from '../../components/ui/coming-soon';

export function SettingsRoute() {
  return (
    <ComingSoon
      title="Profile Settings"
      description="Edit your name, nickname, phone, email, city and country, and upload your profile and identity photos. Coming soon."
      highlights={['Profile photo with a square crop', 'Identity photo with a wide crop', 'Country from the full world list']}
    />
  );
}
