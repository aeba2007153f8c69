import { LivePage } from '@/features/live/components/live-page';
import { OpenSignalsPanel } from '@/features/signals/components/live/open-signals-panel';

export function LiveRoute() {
  return <LivePage aside={<OpenSignalsPanel />} />;
}
