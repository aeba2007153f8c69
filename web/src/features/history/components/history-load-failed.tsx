import { Button, Stack } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';

import { FormAlert } from '@/components/ui/form-alert';
import { LoadMoreButton } from '@/components/ui/load-more-button';

/** The spec says a failed read of the history in Indonesian; the way to try again says it in the same words. */
const RETRY = 'Coba lagi';

/** Spec §8: the history could not be read ("Gagal memuat data"), with a way to try again. */
export function HistoryLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack gap="4" maxW="xl">
      <FormAlert status="error" title={UI_TEXT.historyLoadFailed} />
      <Button alignSelf="flex-start" variant="outline" onClick={onRetry}>
        {RETRY}
      </Button>
    </Stack>
  );
}

/** Under a history list: the next page, or, when it could not be read, "Gagal memuat data" with the button to try again. */
export function HistoryMore({
  query,
}: {
  query: { isFetchNextPageError: boolean; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const failed = query.isFetchNextPageError;
  return (
    <>
      {failed ? <FormAlert status="error" title={UI_TEXT.historyLoadFailed} /> : null}
      {query.hasNextPage ? (
        <LoadMoreButton
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          {...(failed ? { label: RETRY, loadingText: 'Memuat…' } : {})}
        />
      ) : null}
    </>
  );
}
