import type { LoaderFunctionArgs } from 'react-router';

import { historyKeys } from '@/features/history/api/keys';
import { HistoryList } from '@/features/history/components/history-list';
import { WithPageReads, readForPage, readInBrowser } from '@/app/server-reads';

export const loader = ({ context }: LoaderFunctionArgs) =>
  readForPage([[historyKeys.list(), async () => ({ pages: [await context.reads.history()], pageParams: [null] })]]);
export const clientLoader = readInBrowser;

export default function HistoryRoute() {
  return (
    <WithPageReads>
      <HistoryList />
    </WithPageReads>
  );
}
