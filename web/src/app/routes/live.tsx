import { usePendingPayment } from '@/app/use-pending-payment';
import { LivePage } from '@/features/live/components/live-page';
import { PushInvitation } from '@/features/notifications/components/push-invitation';
import { OpenSignalsPanel } from '@/features/signals/components/live/open-signals-panel';

export default function LiveRoute() {
  const pendingPayment = usePendingPayment();
  return <LivePage aside={<OpenSignalsPanel />} banner={<PushInvitation />} pendingPayment={pendingPayment} />;
}
