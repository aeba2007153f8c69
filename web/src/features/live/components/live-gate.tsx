import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { ReactNode } from 'react';

import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

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

/** Spec §2 Live: what visitors without access see, text and buttons as written. */
export function LiveGate({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <GateCard
      actions={
        <>
          <ButtonLink to={paths.auth.login.href} colorPalette="gold" size="lg">
            Sign In
          </ButtonLink>
          <ButtonLink to={paths.auth.register.href} variant="outline" size="lg">
            Sign Up
          </ButtonLink>
        </>
      }
    >
      <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold">
        {UI_TEXT.liveGate}
      </Text>
      {signedIn ? (
        <Text color="fg.muted" fontSize="sm">
          Your account has no active membership yet.{' '}
          <TextLink to={paths.paymentMembership.href}>Choose a membership</TextLink> to unlock the chart.
        </Text>
      ) : null}
    </GateCard>
  );
}

/** A member whose membership ran out: say so and offer the way to renew. */
export function MembershipEnded({ endedOn }: { endedOn: string | null }) {
  return (
    <GateCard
      actions={
        <ButtonLink to={paths.paymentMembership.href} colorPalette="gold" size="lg">
          Renew Membership
        </ButtonLink>
      }
    >
      <Stack gap="2">
        <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold">
          {endedOn ? `Your membership ended on ${endedOn}.` : 'Your membership has ended.'}
        </Text>
        <Text color="fg.muted">Renew it to watch the Live Chart again.</Text>
      </Stack>
    </GateCard>
  );
}
