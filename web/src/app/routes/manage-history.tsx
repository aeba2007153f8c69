import { ComingSoon } from '../../components/ui/coming-soon';

export function ManageHistoryRoute() {
  return (
    <ComingSoon
      title="Manage History"
      description="Publish, edit and remove entries of the public history. Coming soon."
      highlights={['Create entries with an image', 'Edit titles and descriptions', 'Remove outdated entries']}
    />
  );
}
