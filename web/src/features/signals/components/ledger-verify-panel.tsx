import { Box, Button, Code, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';

import { useLedgerCheck } from '@/features/signals/api/signals';
import type { LedgerCheck } from '@/features/signals/utils/ledger-check';

const short = (hash: string): string => `${hash.slice(0, 6)}…`;

/**
 * "Verify": the record's hash chain checked here, in the reader's browser, with its own SHA-256
 * (WebCrypto), not taken on our word: every event follows the one before, says what it was
 * hashed with, and every revealed level matches what was committed to when it was published.
 */
export function LedgerVerifyPanel() {
  const [progress, setProgress] = useState<{ verified: number; head: number } | null>(null);
  const onProgress = useCallback((check: LedgerCheck, head: number) => setProgress({ verified: check.verified, head }), []);
  const supported = typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';
  const query = useLedgerCheck(supported ? onProgress : undefined);
  const result = query.data;

  let status: React.ReactNode;
  if (!supported) {
    status = <Text color="fg.muted">This browser cannot compute SHA-256 here. Check the record with the verifier described below instead.</Text>;
  } else if (query.isPending || query.isFetching) {
    status = (
      <HStack gap="2" role="status">
        <Spinner size="sm" color="gold.solid" />
        <Text color="fg.muted">{progress && progress.head > 0 ? `Checking ${progress.verified} of ${progress.head} events…` : 'Checking the record…'}</Text>
      </HStack>
    );
  } else if (!result) {
    status = <Text color="red.300">The ledger could not be read. Try again in a moment.</Text>;
  } else if (result.check.failure) {
    status = (
      <Text color="red.300" fontWeight="semibold" data-testid="ledger-failed">
        Event {result.check.failure.seq} failed the check: {result.check.failure.reason}.
      </Text>
    );
  } else if (result.check.verified === 0) {
    status = <Text color="fg.muted">No events yet: the chain starts with the first signal.</Text>;
  } else {
    status = (
      <Stack gap="1">
        <Text fontWeight="semibold" color="green.300" data-testid="ledger-verified">
          {result.check.verified} events verified, head {short(result.check.hash)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {result.check.reveals > 0 ? `${result.check.reveals} revealed levels matched what was committed to when they were published. ` : ''}
          The levels of open signals stay sealed for those who may not see them yet.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="3" p={{ base: '4', md: '6' }} bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="2xl" minW="0" data-testid="ledger-verify">
      <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          Verify
        </Heading>
        <Button size="xs" variant="outline" onClick={() => void query.refetch()} disabled={!supported || query.isFetching}>
          Check again
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Every event of every signal is chained by SHA-256 to the one before, so none can be changed or removed afterwards without breaking the chain. Your browser checks it now:
      </Text>
      <Box aria-live="polite">{status}</Box>
      {result && !result.check.failure && result.check.verified > 0 ? (
        <Text fontSize="xs" color="fg.subtle" wordBreak="break-all" data-testid="ledger-head">
          Head #{result.check.seq}: <Code fontSize="xs">{result.check.hash}</Code>
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.subtle">
        Check it yourself: daily checkpoints at <Code fontSize="xs">/api/signals/ledger/checkpoints</Code>, and <Code fontSize="xs">pnpm ledger:verify &lt;url&gt;</Code> recomputes everything without our code.
      </Text>
    </Stack>
  );
}
