import { HomePage } from '@/features/home/components/home-page';
import { LatestSignalsFeed } from '@/features/signals/components/latest-signals-feed';

export function HomeRoute() {
  return (
    <>
      <title>Lukis Emas — Live Gold Price Painting</title>
      <HomePage feed={<LatestSignalsFeed />} />
    </>
  );
}
