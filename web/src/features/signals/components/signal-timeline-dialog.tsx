import { Button, CloseButton, Dialog, HStack, Portal, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { SIGNAL_SYMBOL_LABEL, type Signal } from '@le/contracts';

import { FormAlert } from '@/components/ui/form-alert';
import { useSignal } from '@/features/signals/api/signals';
import { SignalSideBadge } from './signal-side-badge';
import { SignalStatusBadge } from './signal-status-badge';
import { SignalSummary } from './signal-summary';
import { SignalTimeline } from './signal-timeline';

function TimelineBody({ signal }: { signal: Signal }) {
  const query = useSignal(signal._id);
  // The detail is fresher than the row it was opened from (a later event may have come since).
  const current = query.data?.signal ?? signal;
  return (
    <Stack gap="5">
      <SignalSummary signal={current} />
      <Separator />
      <Stack gap="3">
        <Text fontSize="sm" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
          Timeline
        </Text>
        {query.isPending ? (
          <HStack gap="2" color="fg.muted" role="status">
            <Spinner size="sm" color="gold.solid" />
            <Text>Loading the timeline…</Text>
          </HStack>
        ) : query.data ? (
          <SignalTimeline events={query.data.events} />
        ) : (
          <Stack gap="3" align="flex-start">
            <FormAlert status="error" title="The timeline could not be loaded." />
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** One signal's levels, result and full timeline (opened, stop moved, targets changed, analysis edited, closed, cancelled). */
export function SignalTimelineDialog({ signal, onClose }: { signal: Signal | null; onClose: () => void }) {
  return (
    <Dialog.Root open={signal !== null} onOpenChange={(details) => (!details.open ? onClose() : undefined)} placement="center" size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel" data-testid="signal-timeline-dialog">
            <Dialog.Header>
              <HStack gap="2.5" wrap="wrap">
                {signal ? <SignalSideBadge side={signal.side} /> : null}
                <Dialog.Title>{SIGNAL_SYMBOL_LABEL} signal</Dialog.Title>
                {signal ? <SignalStatusBadge status={signal.status} /> : null}
              </HStack>
            </Dialog.Header>
            <Dialog.Body>{signal ? <TimelineBody key={signal._id} signal={signal} /> : null}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
