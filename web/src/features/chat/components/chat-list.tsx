import { Badge, Box, Flex, Heading, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { ChatParticipant, ChatSummary } from '@le/contracts';
import type { ReactNode } from 'react';

import { UserAvatar } from '@/components/ui/user-avatar';
import { formatListTime } from '@/features/chat/utils/format';

/** Spec §2: only chats with a last message, newest first. */
export const visibleChats = (chats: ChatSummary[] | null): ChatSummary[] =>
  (chats ?? [])
    .filter((chat) => chat.lastMessage !== null)
    .sort((a, b) => (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? ''));

/** Admins see which conversations have a payment waiting for validation (contract §9). */
export const hasPendingPayment = (chat: ChatSummary): boolean => Boolean(chat.member?.pendingPayment);

/** The other side of a chat for this viewer: the member for an admin, an admin for the member. */
export const counterpart = (chat: ChatSummary, viewerIsAdmin: boolean): ChatParticipant | undefined =>
  chat.participants.find((participant) => (viewerIsAdmin ? participant.role !== 'admin' : participant.role === 'admin')) ?? chat.participants[0];

interface ChatListProps {
  chats: ChatSummary[] | null;
  viewerIsAdmin: boolean;
  selectedId: string | null;
  onSelect: (chatId: string) => void;
  emptyText: string;
  /** Rows above the chats (the admin's global room) and actions under the title. */
  pinned?: ReactNode;
  actions?: ReactNode;
  /** The last load failed (it is retried every 2 s). */
  failed?: boolean;
}

/** "LE Chat": each row shows the name, the last message time, a preview and the unread count. */
export function ChatList({ chats, viewerIsAdmin, selectedId, onSelect, emptyText, pinned, actions, failed = false }: ChatListProps) {
  const rows = visibleChats(chats);
  return (
    <Flex direction="column" h="full" minH="0" data-testid="chat-list">
      <Flex px="4" py="3" align="center" justify="space-between" borderBottomWidth="1px" borderColor="border" minH="14">
        <Heading as="h1" size="lg" fontFamily="brand" color="gold.fg">
          {UI_TEXT.chatListTitle}
        </Heading>
        {actions}
      </Flex>
      <Box flex="1" minH="0" overflowY="auto">
        {pinned}
        {chats === null ? (
          <Flex direction="column" align="center" gap="3" px="4" py="6" role="status" aria-label="Loading chats">
            <Spinner color="gold.solid" size="sm" />
            {failed ? (
              <Text color="fg.muted" fontSize="sm" textAlign="center" data-testid="chat-list-failed">
                Could not load the chats. Retrying…
              </Text>
            ) : null}
          </Flex>
        ) : null}
        {chats !== null && rows.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" px="4" py="6" textAlign="center" data-testid="chat-list-empty">
            {emptyText}
          </Text>
        ) : null}
        <Stack gap="0">
          {rows.map((chat) => {
            const other = counterpart(chat, viewerIsAdmin);
            const name = other ? other.name || other.username : 'Chat';
            return (
              <ChatRow
                key={chat._id}
                id={chat._id}
                selected={chat._id === selectedId}
                onSelect={onSelect}
                avatar={<UserAvatar photo={other?.photo_profile} name={name} boxSize="10" />}
                name={name}
                time={formatListTime(chat.lastMessage?.createdAt)}
                preview={chat.lastMessage?.content ?? ''}
                unread={chat.unreadCount}
                online={viewerIsAdmin ? chat.online === true : undefined}
                paymentPending={viewerIsAdmin && hasPendingPayment(chat)}
              />
            );
          })}
        </Stack>
      </Box>
    </Flex>
  );
}

interface ChatRowProps {
  id: string;
  selected: boolean;
  onSelect: (id: string) => void;
  avatar: ReactNode;
  name: string;
  time?: string;
  preview: string;
  unread?: number;
  /** Admins see whether the member is online (a socket or a fresh heartbeat). */
  online?: boolean;
  /** The member has a payment waiting for validation (admins). */
  paymentPending?: boolean;
}

export function ChatRow({ id, selected, onSelect, avatar, name, time, preview, unread = 0, online, paymentPending = false }: ChatRowProps) {
  return (
    <Flex
      asChild
      textAlign="left"
      w="full"
      gap="3"
      px="4"
      py="3"
      align="center"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg={selected ? 'bg.emphasized' : 'transparent'}
      _hover={{ bg: selected ? 'bg.emphasized' : 'bg.muted' }}
      onClick={() => onSelect(id)}
      aria-current={selected ? 'true' : undefined}
      data-testid="chat-list-item"
      data-chat-id={id}
    >
      <button type="button">
      <Box position="relative" flexShrink={0}>
        {avatar}
        {online ? (
          <Box
            position="absolute"
            bottom="0"
            right="0"
            boxSize="3"
            borderRadius="full"
            bg="green.500"
            borderWidth="2px"
            borderColor="bg"
            role="img"
            aria-label="online"
            data-testid="online-dot"
          />
        ) : null}
      </Box>
      <Box flex="1" minW="0">
        <Flex justify="space-between" gap="2" align="baseline">
          <Flex gap="2" align="center" minW="0">
            <Text fontWeight="semibold" fontSize="sm" truncate>
              {name}
            </Text>
            {paymentPending ? (
              <Badge colorPalette="yellow" variant="subtle" size="xs" borderRadius="full" flexShrink={0} data-testid="pending-payment-badge">
                Payment
                <VisuallyHidden> waiting for validation</VisuallyHidden>
              </Badge>
            ) : null}
          </Flex>
          {time ? (
            <Text fontSize="xs" color="fg.subtle" flexShrink={0}>
              {time}
            </Text>
          ) : null}
        </Flex>
        <Flex justify="space-between" gap="2" align="center">
          <Text fontSize="xs" color="fg.muted" truncate>
            {preview}
          </Text>
          {unread > 0 ? (
            <Badge colorPalette="gold" variant="solid" borderRadius="full" size="sm" flexShrink={0} data-testid="unread-badge">
              {unread}
            </Badge>
          ) : null}
        </Flex>
      </Box>
      </button>
    </Flex>
  );
}
