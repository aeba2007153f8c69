import type { LoaderFunctionArgs } from 'react-router';

import { usePendingPayment } from '@/app/use-pending-payment';
import { HomePage } from '@/features/home/components/home-page';
import { HOME_FEED_LIMIT, signalKeys } from '@/features/signals/api/keys';
import { LatestSignalsFeed } from '@/features/signals/components/latest-signals-feed';
import { WithPageReads, readForPage, readInBrowser } from '@/app/server-reads';

export const loader = ({ context }: LoaderFunctionArgs) =>
  readForPage([[signalKeys.latest(HOME_FEED_LIMIT), () => context.reads.signals({ status: 'all', limit: HOME_FEED_LIMIT })]]);
export const clientLoader = readInBrowser;

export default function HomeRoute() {
  const pendingPayment = usePendingPayment();
  return (
    <WithPageReads>
      <title>Lukis Emas — Live Gold Price Painting</title>
      <HomePage feed={<LatestSignalsFeed />} pendingPayment={pendingPayment} />
    </WithPageReads>
  );
}
