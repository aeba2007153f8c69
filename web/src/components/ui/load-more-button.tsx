import { Button, Center } from '@chakra-ui/react';

/** The "Load more" under a cursor-paged list (history, payments, members, activity log). */
export function LoadMoreButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <Center pt="2">
      <Button variant="outline" colorPalette="gold" onClick={onClick} loading={loading} loadingText="Loading…">
        Load more
      </Button>
    </Center>
  );
}
