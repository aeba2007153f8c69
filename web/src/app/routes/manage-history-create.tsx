import { CreateHistoryPage } from '@/features/history/components/create-history-page';

export default function ManageHistoryCreateRoute() {
  return <CreateHistoryPage />;
}
