import { Badge, Card, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';

import { OpenSignalsList } from '@/features/signals/components/live/open-signals-list';
import { useSignalFeed } from '@/features/signals/api/open-signals';
import { OpenSignalForm } from './open-signal-form';

/**
 * The admin dashboard's "Signals" section: open a signal, and move, close or cancel the open ones,
 * which follow the feed live. Closed and cancelled ones stay on the public record.
 */
export function AdminSignalsPanel() {
  const { signals, loaded, failed } = useSignalFeed();

  return (
    <Stack as="section" aria-labelledby="admin-signals-heading" gap="4" data-testid="admin-signals">
      <Stack gap="1">
        <Heading as="h2" size="lg" id="admin-signals-heading">
          Signals
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Members see a signal the moment it opens. Every change stays on its public timeline; a signal can be cancelled only in its first 5 minutes.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl">
          <Card.Header p="5" pb="2">
            <Heading as="h3" size="md">
              Open a signal
            </Heading>
          </Card.Header>
          <Card.Body p="5" pt="3">
            <OpenSignalForm idPrefix="dashboard-signal" />
          </Card.Body>
        </Card.Root>
        <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl">
          <Card.Header p="5" pb="2">
            <HStack justify="space-between">
              <Heading as="h3" size="md">
                Open signals
              </Heading>
              {loaded ? <Badge variant="subtle">{signals.length}</Badge> : null}
            </HStack>
          </Card.Header>
          <Card.Body p="5" pt="3">
            <OpenSignalsList signals={signals} loaded={loaded} failed={failed} admin analysisLocked={false} />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
