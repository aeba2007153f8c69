import { ComingSoon } from '../../components/ui/coming-soon';

export function HistoryRoute() {
  return (
    <ComingSoon
      title="History"
      description="Every painting Lukis Emas has made, with its chart, notes and the time it was drawn. The full history list is coming soon."
      highlights={['Cards with image, title and description', 'Dates shown as DD/MM/YYYY HH:mm', 'Open to everyone, no account needed']}
    />
  );
}
