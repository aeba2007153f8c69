import { HomePage } from '@/features/home/components/home-page';
import { LatestSignalsFeed } from '@/features/signals/components/latest-signals-feed';
import { usePendingPayment } from '@/app/use-pending-payment';

export function HomeRoute() {
  const pendingPayment = usePendingPayment();
  return (
    <>
      <title>Lukis Emas — Live Gold Price Painting</title>
      <HomePage feed={<LatestSignalsFeed />} pendingPayment={pendingPayment} />
    </>
  );
}
