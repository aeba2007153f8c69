import { Badge, Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import type { ChatMessage } from '@le/contracts';
import { memo, useId } from 'react';

import { UserAvatar } from '@/components/ui/user-avatar';
import type { OutgoingMessage, PendingWrite } from '@/features/chat/api/outbox';
import { useTimeZone } from '@/lib/dates';
import { formatTime, messageDisplay } from '@/features/chat/utils/format';
import type { ChatRights } from '@/features/chat/utils/rights';
import { isOwn } from '@/features/chat/utils/rights';
import { EditIcon, EyeIcon, EyeOffIcon, ReplyIcon, TrashIcon } from './chat-icons';

export interface MessageActions {
  onReply?: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onToggleHide: (message: ChatMessage) => void;
  /** A Not-sent message (its clientId) or a failed edit, hide or delete (the message id): try again. */
  onRetry: (target: DeliveryTarget) => void;
  /** Give it up: the Not-sent message goes, a failed change leaves the message as the server has it. */
  onDiscard: (target: DeliveryTarget) => void;
  /** Moderation of the room (contract §13): report another's message; for admins, time its author out and pin it. */
  onModerate?: (message: ChatMessage, action: 'report' | 'hide' | 'timeout' | 'pin') => void;
}

export type DeliveryTarget = { kind: 'send'; clientId: string } | { kind: 'write'; messageId: string };

interface MessageItemProps extends MessageActions {
  message: ChatMessage;
  rights: ChatRights;
  /** Younger than 5 minutes by the list's clock: one's own message shows its edit icon until then. */
  inEditWindow: boolean;
  isReply?: boolean;
  /** A message of this client the server has not confirmed (no actions until it has). */
  outgoing?: OutgoingMessage;
  /** An edit, hide or delete of this message on its way, or failed. */
  write?: PendingWrite;
}

const FAILED_WRITE: Record<PendingWrite['kind'], (write: PendingWrite) => string> = {
  edit: () => 'Not sent',
  hide: (write) => (write.kind === 'hide' && !write.hidden ? 'Could not unhide the message.' : 'Could not hide the message.'),
  delete: () => 'Could not delete the message.',
};

/**
 * "Sending…", or what failed with Retry and Discard: under the message, announced when it fails. A
 * refusal for good (`permanent`: the server's reason says why) offers only Discard. The buttons are
 * described by the message's text (`describedBy`), so "Retry" says which message.
 */
function DeliveryState({
  failed,
  permanent,
  label,
  reason,
  discardLabel,
  describedBy,
  onRetry,
  onDiscard,
}: {
  failed: boolean;
  permanent: boolean;
  describedBy: string;
  label: string;
  reason: string | null;
  discardLabel: string;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  if (!failed) {
    return (
      <Text fontSize="xs" color="fg.muted" mt="0.5" data-testid="chat-delivery" data-state="sending">
        Sending…
      </Text>
    );
  }
  return (
    <HStack gap="1" mt="0.5" wrap="wrap" data-testid="chat-delivery" data-state="failed">
      <Text fontSize="xs" fontWeight="semibold" color="fg.error" role="alert">
        {label}
        {reason ? <Text as="span" fontWeight="normal">{` · ${reason}`}</Text> : null}
      </Text>
      {permanent ? null : (
        <Button size="2xs" variant="outline" colorPalette="gold" aria-describedby={describedBy} onClick={onRetry}>
          Retry
        </Button>
      )}
      <Button size="2xs" variant="ghost" aria-describedby={describedBy} onClick={onDiscard}>
        {discardLabel}
      </Button>
    </HStack>
  );
}

/**
 * One message. Text renders as text (never markup). Hidden: the admin sees it dimmed, everyone else
 * "Pesan ini disembunyikan" (spec §4). The edit and delete icons show only on the viewer's own
 * messages younger than 5 minutes (spec §5/§6); hide/unhide only for the admin. One's own message on
 * its way says "Sending…", and one the server did not take "Not sent" with Retry and Discard (an edit
 * likewise, its text kept; a hide or delete says what could not be done); a refusal for good only Discard.
 * Drawn again only when its own props change (message-list.tsx keeps the actions the same functions):
 * a new message, the socket's status or a tick of the clock does not draw the whole list again.
 */
export const MessageItem = memo(function MessageItem({
  message,
  rights,
  inEditWindow,
  isReply = false,
  outgoing,
  write,
  onReply,
  onEdit,
  onDelete,
  onToggleHide,
  onRetry,
  onDiscard,
  onModerate,
}: MessageItemProps) {
  const own = outgoing !== undefined || isOwn(rights, message.sender);
  const senderName = message.sender.name || message.sender.username;
  const zone = useTimeZone();
  // An edit on its way (or not sent) shows its text, kept for the retry.
  const shown = write?.kind === 'edit' ? { ...message, content: write.content } : message;
  const display = messageDisplay(shown, rights.isAdmin);
  const editable = !outgoing && own && rights.canPost && !message.deleted && !message.hidden && inEditWindow;
  // Spec §5: the reply button only for the admin and paid members, disabled on hidden messages.
  const showReply = !outgoing && onReply !== undefined && rights.canPost && !message.deleted;
  const textId = useId();
  const target: DeliveryTarget = outgoing ? { kind: 'send', clientId: outgoing.clientId } : { kind: 'write', messageId: message._id };
  // Reports are for the room's messages of others, by anyone signed in; admins also time out and pin.
  const moderate = onModerate && !outgoing && message.type === 'global' && rights.userId !== null ? onModerate : undefined;
  const reportable = moderate !== undefined && !own && !message.hidden;

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
      data-delivery={outgoing?.status ?? write?.status}
    >
      {/* Dimmed (a hidden message, for the admin): the picture faded and the words in the muted grey,
          never the whole row's opacity, which would take its time and badge below 4.5:1. */}
      <UserAvatar photo={message.sender.photo_profile} name={senderName} boxSize={isReply ? '7' : '8'} opacity={display.kind === 'dimmed' ? 0.5 : 1} />
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
            <time dateTime={message.createdAt}>{formatTime(message.createdAt, zone)}</time>
            {message.editedAt && !message.deleted ? ' · edited' : ''}
          </Text>
          {message.hidden && rights.isAdmin ? (
            <Badge size="xs" colorPalette="gray" variant="outline" title={message.hiddenReason ?? undefined}>
              {message.hiddenReason ? `hidden: ${message.hiddenReason}` : 'hidden'}
            </Badge>
          ) : null}
        </HStack>
        {display.kind === 'deleted' ? (
          <Text id={textId} fontSize="sm" color="fg.subtle" fontStyle="italic">
            {display.text}
          </Text>
        ) : display.kind === 'hidden' ? (
          <Text id={textId} fontSize="sm" color="fg.muted" fontStyle="italic" data-testid="chat-message-hidden">
            {display.text}
          </Text>
        ) : (
          <Text id={textId} fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" color={display.kind === 'dimmed' ? 'fg.muted' : undefined} data-testid="chat-message-content">
            {display.text}
          </Text>
        )}
        {outgoing ? (
          <DeliveryState failed={outgoing.status === 'failed'} permanent={outgoing.permanent} describedBy={textId} label="Not sent" reason={outgoing.error} discardLabel="Discard" onRetry={() => onRetry(target)} onDiscard={() => onDiscard(target)} />
        ) : write ? (
          <DeliveryState
            failed={write.status === 'failed'}
            permanent={write.permanent}
            describedBy={textId}
            label={FAILED_WRITE[write.kind](write)}
            reason={write.error}
            discardLabel={write.kind === 'edit' ? 'Discard' : 'Dismiss'}
            onRetry={() => onRetry(target)}
            onDiscard={() => onDiscard(target)}
          />
        ) : null}
        {/* While a change is on its way or failed, the message waits for it (Retry or Discard) before another. */}
        {!outgoing && !write && !message.deleted && (showReply || editable || rights.isAdmin || reportable) ? (
          <HStack gap="0.5" mt="0.5" minH="6">
            {showReply ? (
              <IconButton
                aria-label="Reply"
                title="Reply"
                size="2xs"
                variant="ghost"
                disabled={message.hidden}
                onClick={() => onReply?.(message)}
              >
                <ReplyIcon />
              </IconButton>
            ) : null}
            {editable ? (
              <>
                <IconButton aria-label="Edit message" title="Edit" size="2xs" variant="ghost" onClick={() => onEdit(message)}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label="Delete message" title="Delete" size="2xs" variant="ghost" onClick={() => onDelete(message)}>
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
                onClick={() => (moderate && !message.hidden ? moderate(message, 'hide') : onToggleHide(message))}
              >
                {message.hidden ? <EyeIcon /> : <EyeOffIcon />}
              </IconButton>
            ) : null}
            {reportable && !rights.isAdmin ? (
              <Button size="2xs" variant="ghost" color="fg.muted" onClick={() => moderate(message, 'report')}>
                Report
              </Button>
            ) : null}
            {moderate && rights.isAdmin && message.sender.role !== 'admin' ? (
              <Button size="2xs" variant="ghost" color="fg.muted" aria-label={`Time out ${senderName}`} onClick={() => moderate(message, 'timeout')}>
                Time out
              </Button>
            ) : null}
            {moderate && rights.isAdmin && !message.hidden ? (
              <Button size="2xs" variant="ghost" color="fg.muted" aria-label="Pin message" onClick={() => moderate(message, 'pin')}>
                Pin
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Box>
    </Flex>
  );
});
