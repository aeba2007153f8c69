import { CreateHistoryPage } from '@/features/history/components/create-history-page';

export function ManageHistoryCreateRoute() {
  return <CreateHistoryPage />;
}
