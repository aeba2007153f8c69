import { Center, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';

import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useHistoryList } from '@/features/history/hooks/use-history-list';
import { HistoryCard } from './history-card';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { HistoryLoadFailed } from './history-load-failed';

/** /history (spec §2): every post, newest first, with "Load more" for older ones. */
export function HistoryList() {
  const { entries, status, hasMore, loadingMore, moreFailed, loadMore, reload } = useHistoryList();

  let body;
  if (status === 'loading') body = <PageSpinner label="Loading history" />;
  else if (status === 'error') body = <HistoryLoadFailed onRetry={reload} />;
  else if (entries.length === 0) {
    body = (
      <Center py="20" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl">
        <Text color="fg.muted" fontSize="lg">
          {UI_TEXT.historyEmpty}
        </Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="8">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }} gap="6">
          {entries.map((entry) => (
            <HistoryCard key={entry._id} entry={entry} />
          ))}
        </Grid>
        {moreFailed ? <FormAlert status="error" title={UI_TEXT.historyLoadFailed} /> : null}
        {hasMore ? (
          <LoadMoreButton onClick={loadMore} loading={loadingMore} />
        ) : null}
      </Stack>
    );
  }

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>History — Lukis Emas</title>
      <Stack gap="2" mb={{ base: '6', md: '8' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          History
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          Every painting Lukis Emas has made, with its chart, notes and the time it was drawn.
        </Text>
      </Stack>
      {body}
    </Container>
  );
}
