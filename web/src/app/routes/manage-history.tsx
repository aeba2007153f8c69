import { ManageHistoryPage } from '@/features/history/components/manage-history-page';

export default function ManageHistoryRoute() {
  return <ManageHistoryPage />;
}
