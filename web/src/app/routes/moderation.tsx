import { ModerationPage } from '@/features/moderation/components/moderation-page';

export default function ModerationRoute() {
  return <ModerationPage />;
}
