import { Box, Button, CloseButton, Dialog, Flex, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { InboxMember } from '@le/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';

import { UserAvatar } from '@/components/ui/user-avatar';
import { lastReadFailed } from '@/lib/query-client';
import { useChatListSync } from '@/features/chat/hooks/use-chat-list-sync';
import { useHasRoomForAside } from '@/features/chat/hooks/use-is-wide';
import { useRealtimeChat } from '@/features/chat/hooks/use-realtime-chat';
import { GLOBAL_STREAM } from '@/features/chat/api/streams';
import { useChatRights } from '@/features/chat/hooks/use-chat-rights';
import { GlobeIcon } from './chat-icons';
import { ChatList, ChatRow, counterpart } from './chat-list';
import { ChatSplitLayout } from './chat-split-layout';
import { ConnectionBanner } from './connection-banner';
import { Conversation } from './conversation';
import { ConversationHeader } from './conversation-header';

/**
 * /chat-admin: every member chat with a last message, newest first, plus the global room pinned on
 * top so the admin moderates it from here too (spec §6). `memberPanel` draws what the admin should
 * know of the open conversation's member (contract §9; the route brings it from the admin feature):
 * beside the messages where there is room, else behind a button in the conversation's header.
 */
export function AdminChatScreen({ memberPanel }: { memberPanel?: (member: InboxMember) => ReactNode }) {
  const viewer = useRealtimeChat();
  const list = useChatListSync('admin');
  const rights = useChatRights();
  const chats = list.data ?? null;
  const listFailed = lastReadFailed(list);
  const [selected, setSelected] = useState<string | null>(null);
  const selectedChat = chats?.find((chat) => chat._id === selected) ?? null;
  const other = selectedChat ? counterpart(selectedChat, true) : undefined;
  const member = selectedChat?.member ?? null;
  const roomForAside = useHasRoomForAside();
  const [panelOpen, setPanelOpen] = useState(false);
  const select = (id: string | null) => {
    setSelected(id);
    setPanelOpen(false);
  };
  const panel = member && memberPanel ? memberPanel(member) : null;

  const chatList = (
    <ChatList
      chats={chats}
      viewerIsAdmin
      selectedId={selected}
      onSelect={select}
      emptyText="No member chats yet."
      failed={listFailed}
      pinned={
        <ChatRow
          id={GLOBAL_STREAM}
          selected={selected === GLOBAL_STREAM}
          onSelect={select}
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
            onBack={() => select(null)}
            actions={
              panel && !roomForAside ? (
                <Button size="xs" variant="outline" colorPalette={member?.pendingPayment ? 'yellow' : 'gray'} onClick={() => setPanelOpen(true)} data-testid="member-panel-open">
                  {member?.pendingPayment ? 'Payment' : 'Member'}
                </Button>
              ) : null
            }
          />
        }
        notices={<ConnectionBanner />}
      />
    );

  return (
    <Box>
      <title>Admin chat — Lukis Emas</title>
      {/* Under 768 px an open conversation hides the list and its level-one heading: the screen keeps one (for screen readers). */}
      {selected !== null ? (
        <VisuallyHidden as="h1" hideFrom="md">
          {UI_TEXT.chatListTitle}
        </VisuallyHidden>
      ) : null}
      <ChatSplitLayout list={chatList} conversation={conversation} showConversation={selected !== null} aside={roomForAside && panel ? <Box key={member?._id}>{panel}</Box> : undefined} />
      {panel && !roomForAside ? (
        <Dialog.Root open={panelOpen} onOpenChange={(details) => setPanelOpen(details.open)} size={{ base: 'full', md: 'md' }} placement="center" scrollBehavior="inside">
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content bg="bg.panel" data-testid="member-panel-dialog">
                <Dialog.Header py="3" px="4" borderBottomWidth="1px" borderColor="border">
                  <Dialog.Title fontSize="md">Member and payments</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body p="0">
                  <Box key={member?._id}>{panel}</Box>
                </Dialog.Body>
                <Dialog.CloseTrigger asChild top="2" insetEnd="2">
                  <CloseButton size="sm" aria-label="Close the member panel" />
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </Box>
  );
}
