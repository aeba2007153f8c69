import { Badge, Card, HStack, Heading } from '@chakra-ui/react';
import { LIMITS, UI_TEXT } from '@le/contracts';
import { useLocation } from 'react-router';

import { TOP_BAR_HEIGHT } from '@/components/layouts/top-bar';
import { useRealtimeStore } from '@/lib/realtime-client';
import { useRealtimeChat } from '@/features/chat/hooks/use-realtime-chat';
import { GLOBAL_STREAM } from '@/features/chat/api/streams';
import { useChatRights } from '@/features/chat/hooks/use-chat-rights';
import { composerNotice } from './chat-notices';
import { ConnectionBanner } from './connection-banner';
import { Conversation } from './conversation';

/**
 * The card's height: spec §2's 600 px where the screen has room, else what the screen leaves, so its
 * composer is never below the fold (the messages scroll inside). Beside the FAQ (lg) the card starts
 * under the top bar and /faq-chat's heading (its top at 217 px, 16 px kept under it); stacked under
 * the FAQ, it fits the screen under the top bar once scrolled to. e2e/chat-failures checks the
 * composer in view at 1280×720, 1280×800 and 375×667.
 */
const CARD_HEIGHT = {
  base: `min(${LIMITS.chatCardHeightPx}px, calc(100dvh - ${TOP_BAR_HEIGHT} - 32px))`,
  lg: `min(${LIMITS.chatCardHeightPx}px, calc(100dvh - 233px))`,
};

/** The global room as a 600 px card (spec §2 FAQ chat), with every role's rights of spec §6. */
export function LiveChatCard() {
  const viewer = useRealtimeChat();
  const rights = useChatRights();
  const connected = useRealtimeStore((state) => state.status === 'connected');
  const location = useLocation();

  return (
    <Card.Root h={CARD_HEIGHT} minH="400px" scrollMarginTop={`calc(${TOP_BAR_HEIGHT} + 16px)`} overflow="hidden" bg="bg.panel" borderColor="border" data-testid="live-chat-card">
      <Card.Header py="3" px="4" borderBottomWidth="1px" borderColor="border">
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {UI_TEXT.chatLiveTitle}
          </Heading>
          <Badge size="sm" variant="subtle" colorPalette={connected ? 'green' : 'gray'} data-testid="live-indicator">
            {connected ? 'Live' : 'Offline'}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body p="0" minH="0" flex="1">
        <Conversation
          stream={GLOBAL_STREAM}
          viewer={viewer}
          rights={rights}
          emptyText="Belum ada pesan."
          disabledText={composerNotice(rights, location.pathname + location.search)}
          notices={<ConnectionBanner />}
        />
      </Card.Body>
    </Card.Root>
  );
}
