import { usePendingPayment } from '@/app/use-pending-payment';
import { LivePage } from '@/features/live/components/live-page';
import { OpenSignalsPanel } from '@/features/signals/components/live/open-signals-panel';

export function LiveRoute() {
  const pendingPayment = usePendingPayment();
  return <LivePage aside={<OpenSignalsPanel />} pendingPayment={pendingPayment} />;
}
