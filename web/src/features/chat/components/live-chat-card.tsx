import { Badge, Card, HStack, Heading } from '@chakra-ui/react';
import { LIMITS, UI_TEXT } from '@le/contracts';
import { useMemo } from 'react';

import { useRealtimeStore } from '@/lib/realtime-client';
import { useSessionStore } from '@/stores/session-store';
import { useRealtimeChat } from '@/features/chat/hooks/use-realtime-chat';
import { GLOBAL_STREAM } from '@/features/chat/stores/chat-store';
import { chatRights } from '@/features/chat/utils/rights';
import { ChatNotices } from './chat-notices';
import { ConnectionBanner } from './connection-banner';
import { Conversation } from './conversation';

/** The global room as a 600 px card (spec §2 FAQ chat), with every role's rights of spec §6. */
export function LiveChatCard() {
  const viewer = useRealtimeChat();
  const token = useSessionStore((state) => state.token);
  const role = useSessionStore((state) => state.role);
  const user = useSessionStore((state) => state.user);
  const rights = useMemo(() => chatRights(token, role, user), [token, role, user]);
  const connected = useRealtimeStore((state) => state.status === 'connected');

  return (
    <Card.Root h={`${LIMITS.chatCardHeightPx}px`} overflow="hidden" bg="bg.panel" borderColor="border" data-testid="live-chat-card">
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
          emptyText="No messages yet."
          notices={
            <>
              <ConnectionBanner />
              <ChatNotices rights={rights} />
            </>
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
