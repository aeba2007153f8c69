import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { signalAccessOf } from '@le/contracts';
import { useState } from 'react';

import { OnDemand, onDemand, usePreloadWhenIdle } from '@/components/ui/on-demand';
import { useSessionStore } from '@/stores/session-store';
import { useSignalFeed } from '@/features/signals/api/open-signals';
import { OpenSignalsList } from './open-signals-list';
import { useSessionUser } from '@/lib/session-user';
import { useWantedOnce } from '@/hooks/use-wanted-once';

// The admin's Open signal dialog loads once the page is live, for an admin only; nobody else loads it.
const { Part: OpenSignalDialog, preload: preloadOpenSignalDialog } = onDemand(() =>
  import('@/features/signals/components/admin/open-signal-dialog').then((module) => module.OpenSignalDialog),
);

/** A pulsing dot: the list follows the feed live. */
function LiveDot() {
  return (
    <Box position="relative" w="2" h="2" aria-hidden>
      <Box position="absolute" inset="0" borderRadius="full" bg="green.400" animation="ping 1.6s cubic-bezier(0, 0, 0.2, 1) infinite" opacity="0.6" _motionReduce={{ animation: 'none' }} />
      <Box position="absolute" inset="0" borderRadius="full" bg="green.400" />
    </Box>
  );
}

/**
 * /live's open signals (contract §8), live for everyone who reaches the page: the levels for Pro and
 * Expert members and admins, a locked card for the rest; admins also open, edit, close and cancel.
 */
export function OpenSignalsPanel() {
  const { signals, loaded, failed } = useSignalFeed();
  const user = useSessionUser();
  const token = useSessionStore((state) => state.token);
  const [opening, setOpening] = useState(false);
  const openingWanted = useWantedOnce(opening);

  const signedIn = Boolean(token && user);
  const admin = signedIn && user?.role === 'admin';
  usePreloadWhenIdle(preloadOpenSignalDialog, admin);
  // Pro members get the levels without the analysis: each card says who gets it.
  const access = signedIn && user ? signalAccessOf({ ...user, membershipEnd: user.membershipEnd ?? null }) : 'none';

  return (
    <Stack as="section" aria-labelledby="open-signals-heading" gap="4" data-testid="open-signals-panel">
      <HStack justify="space-between" align="flex-start" gap="3">
        <Stack gap="0.5" minW="0">
          <HStack gap="2">
            <Heading as="h2" size="md" id="open-signals-heading">
              Open signals
            </Heading>
            {loaded ? (
              <Badge variant="subtle" borderRadius="full" data-testid="open-signals-count">
                {signals.length}
              </Badge>
            ) : null}
            <LiveDot />
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            Buy and sell on XAU/USD, as they open.
          </Text>
        </Stack>
        {admin ? (
          <Button size="sm" colorPalette="gold" flexShrink={0} onClick={() => setOpening(true)}>
            Open signal
          </Button>
        ) : null}
      </HStack>
      <OpenSignalsList signals={signals} loaded={loaded} failed={failed} admin={admin} analysisLocked={!admin && access === 'levels'} />
      {admin && openingWanted ? (
        <OnDemand onFailed={() => setOpening(false)}>
          <OpenSignalDialog open={opening} onClose={() => setOpening(false)} />
        </OnDemand>
      ) : null}
    </Stack>
  );
}
