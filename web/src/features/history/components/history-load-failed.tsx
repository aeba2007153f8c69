import { Button, Stack } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';

import { FormAlert } from '@/components/ui/form-alert';

/** Spec §8: the history could not be read ("Gagal memuat data"), with a way to try again. */
export function HistoryLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack gap="4" maxW="xl">
      <FormAlert status="error" title={UI_TEXT.historyLoadFailed} />
      <Button alignSelf="flex-start" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
