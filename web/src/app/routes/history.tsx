import { HistoryList } from '@/features/history/components/history-list';

export function HistoryRoute() {
  return <HistoryList />;
}
