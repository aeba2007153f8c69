import { ComingSoon } from '../../components/ui/coming-soon';

export function ManageHistoryCreateRoute() {
  return (
    <ComingSoon
      title="Create History Entry"
      description="Add a new painting to the public history with a title, description and image. Coming soon."
    />
  );
}
