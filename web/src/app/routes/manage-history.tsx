import { ManageHistoryPage } from '@/features/history/components/manage-history-page';

export function ManageHistoryRoute() {
  return <ManageHistoryPage />;
}
