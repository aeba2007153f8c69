import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Signal } from '@le/contracts';

import { SignalAdminActions } from '@/features/signals/components/admin/signal-admin-actions';
import { hasLevels } from '@/features/signals/utils/levels-draft';
import { LockedSignalCard } from './locked-signal-card';
import { OpenSignalCard } from './open-signal-card';

export const NO_OPEN_SIGNALS = 'No open signals right now';

/**
 * The open signals as this viewer sees them, newest first: the levels for those who get them
 * (with the admin's actions for admins), a locked card for everyone else; loading, failure, empty.
 */
export function OpenSignalsList({
  signals,
  loaded,
  failed,
  admin,
  analysisLocked,
}: {
  signals: Signal[];
  loaded: boolean;
  failed: boolean;
  admin: boolean;
  analysisLocked: boolean;
}) {
  if (!loaded) {
    // The feed tries again by itself every few seconds.
    return failed ? (
      <Text color="fg.muted" fontSize="sm" role="alert" py="2">
        The open signals could not be loaded. Trying again…
      </Text>
    ) : (
      <Center py="8" role="status" aria-label="Loading the open signals">
        <Spinner color="gold.solid" />
      </Center>
    );
  }
  if (signals.length === 0) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl" px="4" py="8" textAlign="center" data-testid="no-open-signals">
        <Text fontWeight="medium">{NO_OPEN_SIGNALS}</Text>
        <Text fontSize="sm" color="fg.muted" mt="1">
          New signals appear here the moment they open.
        </Text>
      </Box>
    );
  }
  return (
    <Stack gap="3" as="ul" listStyleType="none" aria-label="Open signals">
      {signals.map((signal) => (
        <li key={signal._id}>
          {hasLevels(signal) ? (
            <OpenSignalCard signal={signal} analysisLocked={analysisLocked} actions={admin ? <SignalAdminActions signal={signal} /> : undefined} />
          ) : (
            <LockedSignalCard signal={signal} />
          )}
        </li>
      ))}
    </Stack>
  );
}
