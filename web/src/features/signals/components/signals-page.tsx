import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { LedgerVerifyPanel } from './ledger-verify-panel';
import { SignalList } from './signal-list';
import { SignalRecord } from './signal-record';

/** /signals (contract §8, public): the honest record, its equity curve and month table, and every signal with its timeline. */
export function SignalsPage({ banner }: { banner?: ReactNode } = {}) {
  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>Signals — Lukis Emas</title>
      <Stack gap={{ base: '8', md: '10' }}>
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Signals
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Every XAU/USD call we have made, and how it ended. Nothing is deleted or rewritten: wins, losses and every change stay on the record.
          </Text>
        </Stack>
        {/* `banner`: handed in by the route (the notifications feature's first-time invitation). */}
        {banner}
        <SignalRecord />
        <LedgerVerifyPanel />
        <Stack gap="4">
          <Heading as="h2" size={{ base: 'lg', md: 'xl' }}>
            All signals
          </Heading>
          <SignalList />
        </Stack>
      </Stack>
    </Container>
  );
}
