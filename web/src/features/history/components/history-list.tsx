import { Center, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { BREAKPOINTS, UI_TEXT } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { PageSpinner } from '@/components/ui/page-spinner';
import { flattenPages } from '@/lib/paged-list';
import { useHistory } from '@/features/history/api/history';
import { historyKeys } from '@/features/history/api/keys';
import { HistoryCard } from './history-card';
import { HistoryLoadFailed, HistoryMore } from './history-load-failed';

/**
 * The width of a card's image in the grid below, for the browser's pick from its sizes: the 7xl
 * (1280 px) container less its padding (16 px a side on phones, 24 from md), in three columns from lg
 * and two from md, 24 px apart.
 */
export const HISTORY_CARD_SIZES = [
  '(min-width: 1280px) 395px',
  `(min-width: ${BREAKPOINTS.lg}px) calc((100vw - 96px) / 3)`,
  `(min-width: ${BREAKPOINTS.md}px) calc((100vw - 72px) / 2)`,
  'calc(100vw - 32px)',
].join(', ');

/** /history (spec §2): every post, newest first, with "Load more" for older ones. */
export function HistoryList() {
  const queryClient = useQueryClient();
  const query = useHistory();
  const entries = flattenPages(query.data, 'history');

  let body;
  if (query.isPending) body = <PageSpinner label="Loading history" />;
  else if (!query.data) body = <HistoryLoadFailed onRetry={() => void queryClient.resetQueries({ queryKey: historyKeys.list() })} />;
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
          {entries.map((entry, index) => (
            <HistoryCard key={entry._id} entry={entry} priority={index === 0} sizes={HISTORY_CARD_SIZES} />
          ))}
        </Grid>
        <HistoryMore query={query} />
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
