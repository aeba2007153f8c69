import { Button, Center } from '@chakra-ui/react';

/** The "Load more" under a cursor-paged list (history, payments, members, activity log); a screen whose words are Indonesian gives its own. */
export function LoadMoreButton({
  onClick,
  loading,
  label = 'Load more',
  loadingText = 'Loading…',
}: {
  onClick: () => void;
  loading: boolean;
  label?: string;
  loadingText?: string;
}) {
  return (
    <Center pt="2">
      <Button variant="outline" colorPalette="gold" onClick={onClick} loading={loading} loadingText={loadingText}>
        {label}
      </Button>
    </Center>
  );
}
