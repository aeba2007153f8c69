import { Box, Card, HStack, Heading, Text } from '@chakra-ui/react';
import type { HistoryEntry } from '@le/contracts';

import { ClockIcon } from '@/components/ui/icons';
import { formatHistoryTime } from '@/features/history/utils/format';
import { useTimeZone } from '@/lib/dates';
import { HistoryImage } from './history-image';

/**
 * One history post: image, title, description and when it was made; `priority` for the first, `sizes`
 * the width its image is shown at (see HistoryImage).
 */
export function HistoryCard({ entry, priority = false, sizes }: { entry: HistoryEntry; priority?: boolean; sizes?: string }) {
  const zone = useTimeZone();
  return (
    <Card.Root
      as="article"
      bg="bg.panel"
      borderColor="border"
      borderRadius="xl"
      overflow="hidden"
      transition="border-color 0.2s"
      _hover={{ borderColor: 'gold.muted' }}
      data-testid="history-card"
    >
      <HistoryImage src={entry.image} images={entry.images} sizes={sizes} alt={entry.title} priority={priority} />
      <Card.Body gap="3" p="5">
        <HStack gap="1.5" color="gold.fg" fontSize="sm" fontWeight="medium">
          <ClockIcon boxSize="4" />
          <Box asChild>
            <time dateTime={entry.createdAt} data-testid="history-time">
              {formatHistoryTime(entry.createdAt, zone)}
            </time>
          </Box>
        </HStack>
        <Heading as="h2" size="md" lineHeight="short" wordBreak="break-word">
          {entry.title}
        </Heading>
        <Text color="fg.muted" whiteSpace="pre-line" wordBreak="break-word" lineHeight="tall">
          {entry.description}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
