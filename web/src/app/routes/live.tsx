import { usePendingPayment } from '@/app/use-pending-payment';
import { LivePage } from '@/features/live/components/live-page';
import { PushInvitationSlot } from '@/features/notifications/components/push-invitation-slot';
import { OpenSignalsPanel } from '@/features/signals/components/live/open-signals-panel';

export default function LiveRoute() {
  const pendingPayment = usePendingPayment();
  return <LivePage aside={<OpenSignalsPanel />} banner={<PushInvitationSlot />} pendingPayment={pendingPayment} />;
}
