import { LivePage } from '@/features/live/components/live-page';

export function LiveRoute() {
  return <LivePage />;
}
