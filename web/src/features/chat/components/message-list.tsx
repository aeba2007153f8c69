import { Box, Button, Flex, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ChatMessage } from '@le/contracts';
import { isWithinEditWindow } from '@le/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { OutgoingMessage, PendingWrite } from '@/features/chat/api/outbox';
import { useTimeZone } from '@/lib/dates';
import { dayKey, formatDate } from '@/features/chat/utils/format';
import { outgoingAsMessage, outgoingId } from '@/features/chat/utils/outgoing';
import type { ChatRights } from '@/features/chat/utils/rights';
import { isOwn } from '@/features/chat/utils/rights';
import { buildThreads, groupByDay, repliesLabel } from '@/features/chat/utils/threads';
import { MessageItem } from './message-item';
import type { MessageActions } from './message-item';

interface MessageListProps extends MessageActions {
  messages: ChatMessage[];
  /** This client's messages on their way or not sent, shown in their place until the server's version comes. */
  outbox?: OutgoingMessage[];
  /** This client's edits, hides and deletes on their way or failed, by message id. */
  writes?: Record<string, PendingWrite>;
  /** The stream shown ('global' or a chat id; null before the member's first message). */
  stream: string | null;
  rights: ChatRights;
  loaded: boolean;
  /** The first load failed (it is retried every 5 s). */
  failed?: boolean;
  emptyText: string;
  hasOlder: boolean;
  onLoadOlder: () => void;
  /** Open threads by their first message's id (collapsed by default, spec §4; one's own reply opens its thread, and so does a reply's failure). */
  openThreads: Record<string, boolean>;
  onToggleThread: (rootId: string, open: boolean) => void;
}

const NO_OUTBOX: OutgoingMessage[] = [];
const NO_WRITES: Record<string, PendingWrite> = {};

/**
 * The actions behind functions that stay the same from render to render, each calling the newest one
 * given: with them, a message is drawn again only when it changed (MessageItem is memoized). Which
 * actions there are (reply, moderate) still shows.
 */
const useSteadyActions = (actions: MessageActions): MessageActions => {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  const replies = actions.onReply !== undefined;
  const moderates = actions.onModerate !== undefined;
  return useMemo(
    () => ({
      onEdit: (message) => latest.current.onEdit(message),
      onDelete: (message) => latest.current.onDelete(message),
      onToggleHide: (message) => latest.current.onToggleHide(message),
      onRetry: (target) => latest.current.onRetry(target),
      onDiscard: (target) => latest.current.onDiscard(target),
      ...(replies ? { onReply: (message: ChatMessage) => latest.current.onReply?.(message) } : {}),
      ...(moderates ? { onModerate: (message: ChatMessage, action: Parameters<NonNullable<MessageActions['onModerate']>>[1]) => latest.current.onModerate?.(message, action) } : {}),
    }),
    [replies, moderates],
  );
};

const useNow = (everyMs: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
};

/** Messages oldest first under DD/MM/YYYY day headers; threads collapsed by default (spec §4). */
export function MessageList({
  messages,
  outbox = NO_OUTBOX,
  writes = NO_WRITES,
  stream,
  rights,
  loaded,
  failed = false,
  emptyText,
  hasOlder,
  onLoadOlder,
  openThreads,
  onToggleThread,
  ...given
}: MessageListProps) {
  const actions = useSteadyActions(given);
  const now = useNow(10_000);
  const outgoing = useMemo(() => new Map(outbox.map((entry) => [outgoingId(entry.clientId), entry])), [outbox]);
  // What the clock changes for a message, once: whether it is still in its edit window (MessageItem
  // decides whose message may be edited).
  const inEditWindow = (message: ChatMessage) => isWithinEditWindow(message.createdAt, now);
  const shown = useMemo(() => (outbox.length === 0 ? messages : [...messages, ...outbox.map((entry) => outgoingAsMessage(entry, stream))]), [messages, outbox, stream]);
  // Grouped by the days of the zone the page writes its times in (the server's drawing, then the reader's).
  const zone = useTimeZone();
  const groups = useMemo(() => groupByDay(buildThreads(shown), (value) => dayKey(value, zone)), [shown, zone]);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const newest = shown.reduce<ChatMessage | null>((latest, message) => (latest === null || message.createdAt > latest.createdAt ? message : latest), null);
  const newestOwn = newest !== null && (outgoing.has(newest._id) || isOwn(rights, newest.sender));

  // Follow the newest message while the reader is at the bottom, and always after one's own: a reply
  // is brought into view in its (opened) thread, anything else at the bottom.
  const follow = useRef(() => {});
  follow.current = () => {
    const element = scroller.current;
    if (!element) return;
    const item = newestOwn && newest?.replyTo ? element.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(newest._id)}"]`) : null;
    if (!item) {
      element.scrollTop = element.scrollHeight;
      return;
    }
    const box = element.getBoundingClientRect();
    const rect = item.getBoundingClientRect();
    if (rect.bottom > box.bottom) element.scrollTop += rect.bottom - box.bottom + 8;
    else if (rect.top < box.top) element.scrollTop -= box.top - rect.top + 8;
  };
  // (and after the days are regrouped in the reader's zone: a header more or less)
  useLayoutEffect(() => {
    if (stick.current || newestOwn) follow.current();
  }, [newest?._id, newestOwn, loaded, zone]);
  // A message on its way that turns into "Not sent" (Retry, Discard) grows: still in view at the bottom.
  useLayoutEffect(() => {
    if (stick.current) follow.current();
  }, [outbox, writes]);

  return (
    <Box
      ref={scroller}
      flex="1"
      minH="0"
      overflowY="auto"
      px={{ base: '1', md: '2' }}
      py="2"
      data-testid="chat-messages"
      role="log"
      aria-label="Messages"
      onScroll={(event) => {
        const element = event.currentTarget;
        stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
      }}
    >
      {!loaded ? (
        <Flex direction="column" align="center" gap="3" py="10" px="4" role="status" aria-label="Loading messages">
          <Spinner color="gold.solid" />
          {failed ? (
            <Text color="fg.muted" fontSize="sm" textAlign="center" data-testid="chat-messages-failed">
              Could not load the messages. Retrying…
            </Text>
          ) : null}
        </Flex>
      ) : groups.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="10" fontSize="sm">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="1">
          {hasOlder ? (
            <Button size="xs" variant="ghost" alignSelf="center" onClick={onLoadOlder}>
              Load older messages
            </Button>
          ) : null}
          {/* One flat list: day headers keyed by their day, threads by their message, so a thread keeps
              its elements (its focus, a held click's target) however the days group it (the server's
              the drawn zone's days becoming the reader's, an older page prepended). */}
          <Box>
            {groups.flatMap((group, index) => [
              <Flex key={`day:${group.day || 'unknown'}`} align="center" gap="3" mt={index === 0 ? '2' : '3'} mb="2">
                <Separator flex="1" />
                <Text fontSize="xs" color="fg.muted" fontWeight="medium" data-testid="chat-day-header">
                  {formatDate(group.day ? group.sample : null, zone)}
                </Text>
                <Separator flex="1" />
              </Flex>,
              ...group.threads.map(({ message, replies }) => {
                // Collapsed by default, but open while a reply in it waits or failed ("Not sent" is never out of sight),
                // unless the reader collapsed it since.
                const expanded = openThreads[message._id] ?? replies.some((reply) => outgoing.has(reply._id) || writes[reply._id] !== undefined);
                return (
                  <Box key={message._id} data-testid="chat-thread" data-open={replies.length > 0 ? String(expanded) : undefined}>
                    <MessageItem message={message} rights={rights} inEditWindow={inEditWindow(message)} outgoing={outgoing.get(message._id)} write={writes[message._id]} {...actions} />
                    {replies.length > 0 ? (
                      <Box pl={{ base: '8', md: '10' }}>
                        <Button
                          size="2xs"
                          variant="plain"
                          color="gold.fg"
                          px="2"
                          onClick={() => onToggleThread(message._id, !expanded)}
                          aria-expanded={expanded}
                          data-testid="chat-thread-toggle"
                        >
                          {expanded ? 'Hide replies' : repliesLabel(replies.length)}
                        </Button>
                        {expanded ? (
                          <Box borderLeftWidth="2px" borderColor="border" pl="2">
                            {replies.map((reply) => (
                              <MessageItem key={reply._id} message={reply} rights={rights} inEditWindow={inEditWindow(reply)} isReply outgoing={outgoing.get(reply._id)} write={writes[reply._id]} {...actions} />
                            ))}
                          </Box>
                        ) : null}
                      </Box>
                    ) : null}
                  </Box>
                );
              }),
            ])}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
