import { Badge, Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import type { ChatMessage } from '@le/contracts';
import { isWithinEditWindow } from '@le/contracts';

import { UserAvatar } from '@/components/ui/user-avatar';
import { formatTime, messageDisplay } from '@/features/chat/utils/format';
import type { ChatRights } from '@/features/chat/utils/rights';
import { isOwn } from '@/features/chat/utils/rights';
import { EditIcon, EyeIcon, EyeOffIcon, ReplyIcon, TrashIcon } from './chat-icons';

export interface MessageActions {
  onReply?: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onToggleHide: (message: ChatMessage) => void;
}

interface MessageItemProps extends MessageActions {
  message: ChatMessage;
  rights: ChatRights;
  /** Re-evaluated every few seconds so the edit icon goes away after 5 minutes. */
  now: number;
  isReply?: boolean;
  busy?: boolean;
}

/**
 * One message. Text renders as text (never markup). Hidden: the admin sees it dimmed, everyone else
 * "Pesan ini disembunyikan" (spec §4). The edit and delete icons show only on the viewer's own
 * messages younger than 5 minutes (spec §5/§6); hide/unhide only for the admin.
 */
export function MessageItem({ message, rights, now, isReply = false, busy = false, onReply, onEdit, onDelete, onToggleHide }: MessageItemProps) {
  const own = isOwn(rights, message.sender);
  const senderName = message.sender.name || message.sender.username;
  const display = messageDisplay(message, rights.isAdmin);
  const editable = own && rights.canPost && !message.deleted && !message.hidden && isWithinEditWindow(message.createdAt, now);
  // Spec §5: the reply button only for the admin and paid members, disabled on hidden messages.
  const showReply = onReply !== undefined && rights.canPost && !message.deleted;

  return (
    <Flex
      gap="2.5"
      py="1.5"
      px="2"
      borderRadius="md"
      _hover={{ bg: 'bg.muted/50' }}
      data-testid="chat-message"
      data-message-id={message._id}
      data-hidden={message.hidden ? 'true' : 'false'}
      opacity={display.kind === 'dimmed' ? 0.5 : 1}
    >
      <UserAvatar photo={message.sender.photo_profile} name={senderName} boxSize={isReply ? '7' : '8'} />
      <Box flex="1" minW="0">
        <HStack gap="2" wrap="wrap" rowGap="0">
          <Text fontWeight="semibold" fontSize="sm" color={message.sender.role === 'admin' ? 'gold.fg' : 'fg'} truncate maxW="60%">
            {senderName}
          </Text>
          {message.sender.role === 'admin' ? (
            <Badge size="xs" colorPalette="gold" variant="subtle">
              admin
            </Badge>
          ) : null}
          <Text fontSize="xs" color="fg.subtle">
            {formatTime(message.createdAt)}
            {message.editedAt && !message.deleted ? ' · edited' : ''}
          </Text>
          {message.hidden && rights.isAdmin ? (
            <Badge size="xs" colorPalette="gray" variant="outline">
              hidden
            </Badge>
          ) : null}
        </HStack>
        {display.kind === 'deleted' ? (
          <Text fontSize="sm" color="fg.subtle" fontStyle="italic">
            {display.text}
          </Text>
        ) : display.kind === 'hidden' ? (
          <Text fontSize="sm" color="fg.muted" fontStyle="italic" data-testid="chat-message-hidden">
            {display.text}
          </Text>
        ) : (
          <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="chat-message-content">
            {display.text}
          </Text>
        )}
        {!message.deleted && (showReply || editable || rights.isAdmin) ? (
          <HStack gap="0.5" mt="0.5" minH="6">
            {showReply ? (
              <IconButton
                aria-label="Reply"
                title="Reply"
                size="2xs"
                variant="ghost"
                disabled={message.hidden || busy}
                onClick={() => onReply?.(message)}
              >
                <ReplyIcon />
              </IconButton>
            ) : null}
            {editable ? (
              <>
                <IconButton aria-label="Edit message" title="Edit" size="2xs" variant="ghost" disabled={busy} onClick={() => onEdit(message)}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label="Delete message" title="Delete" size="2xs" variant="ghost" disabled={busy} onClick={() => onDelete(message)}>
                  <TrashIcon />
                </IconButton>
              </>
            ) : null}
            {rights.isAdmin ? (
              <IconButton
                aria-label={message.hidden ? 'Unhide message' : 'Hide message'}
                title={message.hidden ? 'Unhide' : 'Hide'}
                size="2xs"
                variant="ghost"
                disabled={busy}
                onClick={() => onToggleHide(message)}
              >
                {message.hidden ? <EyeIcon /> : <EyeOffIcon />}
              </IconButton>
            ) : null}
          </HStack>
        ) : null}
      </Box>
    </Flex>
  );
}
