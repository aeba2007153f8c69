import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { ChatMessage } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';

import { Link as RouterLink } from 'react-router';

import { OnDemand, onDemand, usePreloadWhenIdle } from '@/components/ui/on-demand';
import { paths } from '@/config/paths';
import { formatTime, useTimeZone } from '@/lib/dates';
import { useTimedOutUntil } from '@/hooks/use-timed-out-until';
import { updateRoom } from '@/features/chat/api/moderate';
import { useRoom } from '@/features/chat/hooks/use-room';
import { clearUnread } from '@/features/chat/api/get-chats';
import { markRead } from '@/features/chat/api/mark-read';
import { dismissWrite, discardSend, edit, remove as removeMessage, retrySend, retryWrite, send, toggleHidden } from '@/features/chat/api/outbox';
import { GLOBAL_STREAM, NEW_CHAT_STREAM, loadOlder } from '@/features/chat/api/streams';
import type { Viewer } from '@/features/chat/api/streams';
import { useOutbox, usePendingWrites } from '@/features/chat/hooks/use-outbox';
import { useSeededStream } from '@/features/chat/hooks/use-seeded-stream';
import { useStream } from '@/features/chat/hooks/use-stream';
import type { ChatRights } from '@/features/chat/utils/rights';
import { isOwn } from '@/features/chat/utils/rights';
import { threadRootId } from '@/features/chat/utils/threads';
import { Composer } from './composer';
import type { ComposerMode } from './composer';
import type { DeliveryTarget } from './message-item';
import { MessageList } from './message-list';
import type { ModerationIntent } from './moderation-dialog';
import { useSessionUser } from '@/lib/session-user';

// The report, hide and time-out dialog is not in the page's start: it loads once the page is live for a
// reader who can open it (anyone signed in), and never for a guest, who cannot.
const { Part: ModerationDialog, preload: preloadModerationDialog } = onDemand(() => import('./moderation-dialog').then((module) => module.ModerationDialog));

/** Seconds until `lastPostAt + seconds`, ticking each second while above zero. */
function useSlowModeLeft(seconds: number, lastPostAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = lastPostAt === null || seconds <= 0 ? 0 : Math.max(0, Math.ceil((lastPostAt + seconds * 1000 - now) / 1000));
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);
  return left;
}

interface ConversationProps {
  /** 'global', a private chat id, or null for a member who has not written yet. */
  stream: string | null;
  viewer: Viewer;
  rights: ChatRights;
  emptyText: string;
  /** Shown in place of the input when the viewer may not send. */
  disabledText?: ReactNode;
  /** The member's first message opens the conversation (POST /chat/with-admin) and answers its id. */
  ensureChat?: () => Promise<string>;
  /** Mark the chat read on open and as new messages arrive (private chats). */
  markAsRead?: boolean;
  header?: ReactNode;
  /** Under the header: notices, the connection banner. */
  notices?: ReactNode;
}

const EMPTY: ChatMessage[] = [];

/**
 * A conversation: the messages (live), the composer in its three modes, and the message actions.
 * Sends, edits, hides and deletes show at once; one that fails stays on the message as "Not sent"
 * (or what could not be done) with Retry, its text kept (api/outbox.ts).
 */
export function Conversation({ stream, viewer, rights, emptyText, disabledText = UI_TEXT.chatRegisterNotice, ensureChat, markAsRead = false, header, notices }: ConversationProps) {
  const queryClient = useQueryClient();
  const user = useSessionUser();
  // A guest's drawn /faq-chat: the room as the server read it is the stream's first state.
  const seeded = useSeededStream(stream, viewer);
  const { state, failed } = useStream(stream, seeded);
  const messages = useMemo(() => (state ? Object.values(state.messages) : EMPTY), [state]);
  const writeStream = stream ?? NEW_CHAT_STREAM;
  // A member's first message waits under NEW_CHAT_STREAM until their conversation exists.
  const outboxStreams = useMemo(() => (ensureChat && writeStream !== NEW_CHAT_STREAM ? [NEW_CHAT_STREAM, writeStream] : [writeStream]), [ensureChat, writeStream]);
  const outbox = useOutbox(outboxStreams, state);
  const writes = usePendingWrites(writeStream, state);
  const [mode, setMode] = useState<ComposerMode>({ kind: 'new' });
  const [openThreads, setOpenThreads] = useState<Record<string, boolean>>({});
  const root = useRef<HTMLDivElement>(null);
  // Retry and Discard go away once clicked: the focus goes to the message input, not to the page's start.
  const focusComposer = () => root.current?.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.focus();
  const isGlobal = stream === GLOBAL_STREAM;
  // Moderation of the room (contract §13): the pinned message, slow mode, one's own timeout.
  const room = useRoom(isGlobal);
  const zone = useTimeZone();
  const timedOutUntil = useTimedOutUntil();
  const timedOut = isGlobal && !rights.isAdmin && timedOutUntil !== null;
  const [lastPostAt, setLastPostAt] = useState<number | null>(null);
  const slowModeSeconds = isGlobal && !rights.isAdmin ? (room?.slowModeSeconds ?? 0) : 0;
  const slowLeft = useSlowModeLeft(slowModeSeconds, lastPostAt);
  const [intent, setIntent] = useState<ModerationIntent | null>(null);
  usePreloadWhenIdle(preloadModerationDialog, isGlobal && user !== null);
  const moderate = (message: ChatMessage, action: 'report' | 'hide' | 'timeout' | 'pin') => {
    if (action === 'pin') void updateRoom({ pinnedMessageId: message._id }).catch((error: unknown) => console.warn('Could not pin', error));
    else setIntent({ action, message });
  };

  // Another conversation: back to a new comment, threads collapsed (as they already are when the
  // conversation first shows: nothing to draw again then).
  useEffect(() => {
    setMode((current) => (current.kind === 'new' ? current : { kind: 'new' }));
    setOpenThreads((open) => (Object.keys(open).length === 0 ? open : {}));
  }, [stream]);

  // The message being edited was hidden or deleted meanwhile: no edit of it can be saved, so the composer leaves edit mode.
  const edited = mode.kind === 'edit' ? state?.messages[mode.message._id] : undefined;
  useEffect(() => {
    if (edited?.hidden || edited?.deleted) setMode({ kind: 'new' });
  }, [edited]);

  // Mark read on open, and again when someone else writes while it is open (spec §2/§7).
  const othersCount = useMemo(() => messages.filter((message) => !isOwn(rights, message.sender)).length, [messages, rights]);
  useEffect(() => {
    if (!markAsRead || !stream || isGlobal || !state?.loaded) return;
    markRead(stream)
      .then(() => clearUnread(queryClient, stream))
      .catch((error: unknown) => console.warn('Could not mark the chat read', error));
  }, [queryClient, markAsRead, stream, isGlobal, state?.loaded, othersCount]);

  const submit = (content: string, current: ComposerMode): void => {
    if (current.kind === 'edit') {
      void edit(writeStream, current.message, content);
    } else {
      const replyTo = current.kind === 'reply' ? current.message : null;
      if (isGlobal) setLastPostAt(Date.now());
      // One's own reply opens its thread (on every poster's screen: it is where the reply shows).
      if (replyTo) setOpenThreads((open) => ({ ...open, [threadRootId(messages, replyTo)]: true }));
      void send({
        stream: writeStream,
        content,
        replyTo,
        sender: {
          _id: user?._id ?? rights.userId ?? '',
          role: user?.role ?? 'member',
          name: user?.name ?? '',
          username: user?.username ?? rights.username ?? '',
          photo_profile: user?.photo_profile ?? '',
          membershipTier: user?.membershipTier ?? '',
        },
        ensureChat,
      });
    }
    // The text now waits on the message (sending, or Not sent with Retry): the input is free again.
    setMode({ kind: 'new' });
  };

  const remove = (message: ChatMessage) => {
    if (!window.confirm('Delete this message?')) return;
    if (mode.kind !== 'new' && mode.message._id === message._id) setMode({ kind: 'new' });
    void removeMessage(writeStream, message);
  };

  const retry = (target: DeliveryTarget) => {
    focusComposer();
    if (target.kind === 'write') void retryWrite(target.messageId);
    else void retrySend(target.clientId, ensureChat);
  };

  const discard = (target: DeliveryTarget) => {
    focusComposer();
    if (target.kind === 'write') dismissWrite(target.messageId);
    else discardSend(target.clientId);
  };

  return (
    <Flex ref={root} direction="column" h="full" minH="0" data-testid="chat-conversation">
      {header}
      {notices}
      {room?.pinnedMessage ? (
        <Box px="3" py="2" borderBottomWidth="1px" borderColor="border" bg="bg.muted" data-testid="chat-pinned">
          <Text fontSize="xs" fontWeight="semibold" color="gold.fg">
            Pinned · {room.pinnedMessage.sender.name || room.pinnedMessage.sender.username}
            {rights.isAdmin ? (
              <Link as="button" ms="2" fontSize="xs" color="fg.muted" onClick={() => void updateRoom({ pinnedMessageId: null }).catch(() => undefined)}>
                Unpin
              </Link>
            ) : null}
          </Text>
          <Text fontSize="sm" lineClamp={2} whiteSpace="pre-wrap" wordBreak="break-word">
            {room.pinnedMessage.content}
          </Text>
        </Box>
      ) : null}
      <MessageList
        messages={messages}
        outbox={outbox}
        writes={writes}
        stream={stream}
        openThreads={openThreads}
        onToggleThread={(rootId, open) => setOpenThreads((current) => ({ ...current, [rootId]: open }))}
        rights={rights}
        loaded={stream === null || (state?.loaded ?? false)}
        failed={failed}
        emptyText={emptyText}
        hasOlder={Boolean(state?.nextCursor)}
        onLoadOlder={() => stream && void loadOlder(stream).catch((error: unknown) => console.warn(error))}
        onReply={(message) => setMode({ kind: 'reply', message })}
        onEdit={(message) => setMode({ kind: 'edit', message })}
        onDelete={remove}
        onToggleHide={(message) => void toggleHidden(writeStream, message)}
        onRetry={retry}
        onDiscard={discard}
        {...(isGlobal ? { onModerate: moderate } : {})}
      />
      {slowModeSeconds > 0 && rights.canPost && !timedOut ? (
        <Text px="3" pt="1.5" fontSize="xs" color="fg.muted" borderTopWidth="1px" borderColor="border" bg="bg.subtle" data-testid="slow-mode" aria-live="polite">
          {slowLeft > 0 ? `Slow mode: you can post again in ${slowLeft} s.` : `Slow mode: one message every ${slowModeSeconds} s.`}
        </Text>
      ) : null}
      <Composer
        mode={mode}
        canSend={rights.canPost && !timedOut}
        disabledText={
          timedOut ? (
            <span data-testid="chat-timed-out">
              You are timed out of the room until {formatTime(timedOutUntil, zone)}. You can still{' '}
              <Link asChild color="gold.fg">
                <RouterLink to={paths.chatUser.href}>write to the admins</RouterLink>
              </Link>
              .
            </span>
          ) : (
            disabledText
          )
        }
        onSubmit={submit}
        onCancel={() => setMode({ kind: 'new' })}
      />
      {intent ? (
        <OnDemand onFailed={() => setIntent(null)}>
          <ModerationDialog intent={intent} onClose={() => setIntent(null)} onHide={(message, reason) => void toggleHidden(writeStream, message, reason)} />
        </OnDemand>
      ) : null}
    </Flex>
  );
}
