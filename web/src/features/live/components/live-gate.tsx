import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { ReactNode } from 'react';

import { ButtonLink } from '@/components/ui/button-link';
import { ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { AuthNavigationState } from '@/config/paths';
import type { ViewerAction } from '@/lib/viewer-action';

function GateCard({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <Card.Root maxW="xl" mx="auto" bg="bg.panel" borderColor="border" borderRadius="2xl" data-testid="live-gate">
      <Card.Body py={{ base: '8', md: '10' }} px={{ base: '5', md: '10' }}>
        <Stack align="center" gap="5" textAlign="center">
          <Box p="4" borderRadius="full" bg="gold.subtle" color="gold.fg">
            <ShieldIcon boxSize="8" />
          </Box>
          {children}
          <HStack gap="3" wrap="wrap" justify="center">
            {actions}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Spec §2 Live: what visitors without access see, text as written. A guest gets Sign In (which
 * comes back here) and Sign Up; a signed-in viewer only their next step (`action`): choose a
 * membership, or see the payment that waits for an admin.
 */
export function LiveGate({ action = null }: { action?: ViewerAction | null }) {
  return (
    <GateCard
      actions={
        action ? (
          <ButtonLink to={action.href} colorPalette="gold" size="lg" data-testid="viewer-action" data-kind={action.kind}>
            {action.label}
          </ButtonLink>
        ) : (
          <>
            <ButtonLink to={paths.auth.login.href} state={{ from: paths.live.href } satisfies AuthNavigationState} colorPalette="gold" size="lg">
              Sign In
            </ButtonLink>
            <ButtonLink to={paths.auth.register.href} variant="outline" size="lg">
              Sign Up
            </ButtonLink>
          </>
        )
      }
    >
      <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold">
        {UI_TEXT.liveGate}
      </Text>
      {action ? (
        <Text color="fg.muted" fontSize="sm" data-testid="live-gate-reason">
          {action.kind === 'pending'
            ? 'Your payment is waiting for an admin to check it: the chart opens once it is approved.'
            : 'Your account has no active membership yet. Choose one to unlock the chart.'}
        </Text>
      ) : null}
    </GateCard>
  );
}

/** A member whose membership ran out: say so and offer the way to renew (or the payment already waiting). */
export function MembershipEnded({ endedOn, action }: { endedOn: string | null; action: ViewerAction }) {
  return (
    <GateCard
      actions={
        <ButtonLink to={action.href} colorPalette="gold" size="lg" data-testid="viewer-action" data-kind={action.kind}>
          {action.label}
        </ButtonLink>
      }
    >
      <Stack gap="2">
        <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold">
          {endedOn ? `Your membership ended on ${endedOn}.` : 'Your membership has ended.'}
        </Text>
        <Text color="fg.muted">
          {action.kind === 'pending' ? 'Your payment is waiting for an admin: the chart opens again once it is approved.' : 'Renew it to watch the Live Chart again.'}
        </Text>
      </Stack>
    </GateCard>
  );
}
