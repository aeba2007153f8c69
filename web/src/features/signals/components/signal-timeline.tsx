import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { signalAccessOf, type SignalTimelineEntry } from '@le/contracts';

import { formatDateTime, useTimeZone } from '@/lib/dates';
import { describeTimeline } from '@/features/signals/utils/format';
import { useSessionUser } from '@/lib/session-user';

const dotColor: Record<SignalTimelineEntry['type'], string> = {
  'signal.opened': 'gold.solid',
  'signal.updated': 'blue.400',
  'signal.closed': 'green.400',
  'signal.cancelled': 'gray.500',
};

/** A signal's history, oldest first: what each event changed and when (nothing is ever removed). */
export function SignalTimeline({ events }: { events: SignalTimelineEntry[] }) {
  const zone = useTimeZone();
  const user = useSessionUser();
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const analysisVisible = signalAccessOf(user ? { ...user, membershipEnd: user.membershipEnd ?? null, graceEndsAt: user.graceEndsAt ?? null } : null) === 'full';
  const described = describeTimeline(sorted, { analysisVisible });
  if (sorted.length === 0) return <Text color="fg.muted">No events yet.</Text>;
  return (
    <Stack as="ol" gap="0" listStyleType="none" m="0" p="0" aria-label="Signal timeline" data-testid="signal-timeline">
      {sorted.map((entry, index) => (
        <HStack as="li" key={entry.seq} align="stretch" gap="3" data-testid="timeline-entry" data-type={entry.type}>
          <Stack align="center" gap="0" flexShrink={0} w="3">
            <Box mt="1.5" boxSize="2.5" borderRadius="full" bg={dotColor[entry.type]} />
            {index < sorted.length - 1 ? <Box flex="1" w="1px" bg="border" /> : null}
          </Stack>
          <Stack gap="1" pb="5" minW="0" flex="1">
            {described[index]!.map((line, lineIndex) => (
              <Stack key={line.label} gap="0.5">
                <HStack justify="space-between" align="baseline" gap="3" wrap="wrap">
                  <Text fontWeight="semibold">{line.label}</Text>
                  {/* One event, one time: an edit that moved the stop and the targets shows it once. */}
                  {lineIndex === 0 ? (
                    <Text asChild fontSize="xs" color="fg.subtle" fontFamily="mono">
                      <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
                    </Text>
                  ) : null}
                </HStack>
                {line.details.map((detail) => (
                  <Text key={detail} fontSize="sm" fontFamily="mono" color="fg" wordBreak="break-word">
                    {detail}
                  </Text>
                ))}
                {line.note ? (
                  <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word">
                    {line.note}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
