import { Box, Flex, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import { useMemo, useState } from 'react';

import { UserAvatar } from '@/components/ui/user-avatar';
import { lastReadFailed } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';
import { useChatListSync } from '@/features/chat/hooks/use-chat-list-sync';
import { useRealtimeChat } from '@/features/chat/hooks/use-realtime-chat';
import { GLOBAL_STREAM } from '@/features/chat/stores/chat-store';
import { chatRights } from '@/features/chat/utils/rights';
import { GlobeIcon } from './chat-icons';
import { ChatList, ChatRow, counterpart } from './chat-list';
import { ChatSplitLayout } from './chat-split-layout';
import { ConnectionBanner } from './connection-banner';
import { Conversation } from './conversation';
import { ConversationHeader } from './conversation-header';

/**
 * /chat-admin: every member chat with a last message, newest first, plus the global room pinned on
 * top so the admin moderates it from here too (spec §6).
 */
export function AdminChatScreen() {
  const viewer = useRealtimeChat();
  const list = useChatListSync('admin');
  const token = useSessionStore((state) => state.token);
  const role = useSessionStore((state) => state.role);
  const user = useSessionStore((state) => state.user);
  const rights = useMemo(() => chatRights(token, role, user), [token, role, user]);
  const chats = list.data ?? null;
  const listFailed = lastReadFailed(list);
  const [selected, setSelected] = useState<string | null>(null);
  const selectedChat = chats?.find((chat) => chat._id === selected) ?? null;
  const other = selectedChat ? counterpart(selectedChat, true) : undefined;

  const chatList = (
    <ChatList
      chats={chats}
      viewerIsAdmin
      selectedId={selected}
      onSelect={setSelected}
      emptyText="No member chats yet."
      failed={listFailed}
      pinned={
        <ChatRow
          id={GLOBAL_STREAM}
          selected={selected === GLOBAL_STREAM}
          onSelect={setSelected}
          avatar={
            <Flex boxSize="10" borderRadius="full" bg="gold.subtle" color="gold.fg" align="center" justify="center" flexShrink={0}>
              <GlobeIcon boxSize="5" />
            </Flex>
          }
          name={UI_TEXT.chatLiveTitle}
          preview="The global room: everyone reads it"
        />
      }
    />
  );

  const conversation =
    selected === null ? (
      <Flex h="full" align="center" justify="center" p="6" direction="column" gap="2">
        <ConnectionBanner />
        <Text color="fg.muted" textAlign="center" data-testid="chat-select-empty">
          {UI_TEXT.chatSelectConversation}
        </Text>
      </Flex>
    ) : (
      <Conversation
        key={selected}
        stream={selected}
        viewer={viewer}
        rights={rights}
        emptyText="No messages yet."
        markAsRead={selected !== GLOBAL_STREAM}
        header={
          <ConversationHeader
            title={selected === GLOBAL_STREAM ? UI_TEXT.chatLiveTitle : (other?.name || other?.username || 'Member')}
            subtitle={selected === GLOBAL_STREAM ? 'Global room' : other ? `@${other.username}` : undefined}
            avatar={selected === GLOBAL_STREAM ? undefined : <UserAvatar photo={other?.photo_profile} name={other?.name ?? 'Member'} boxSize="9" />}
            onBack={() => setSelected(null)}
          />
        }
        notices={<ConnectionBanner />}
      />
    );

  return (
    <Box>
      <title>Admin chat — Lukis Emas</title>
      <ChatSplitLayout list={chatList} conversation={conversation} showConversation={selected !== null} />
    </Box>
  );
}
