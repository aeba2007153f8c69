import { Box, Button, Flex, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ChatMessage } from '@le/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { formatDay } from '@/features/chat/utils/format';
import type { ChatRights } from '@/features/chat/utils/rights';
import { isOwn } from '@/features/chat/utils/rights';
import { buildThreads, groupByDay } from '@/features/chat/utils/threads';
import { MessageItem } from './message-item';
import type { MessageActions } from './message-item';

interface MessageListProps extends MessageActions {
  messages: ChatMessage[];
  rights: ChatRights;
  loaded: boolean;
  /** The first load failed (it is retried every 5 s). */
  failed?: boolean;
  emptyText: string;
  hasOlder: boolean;
  onLoadOlder: () => void;
  busyId: string | null;
}

const useNow = (everyMs: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
};

/** Messages oldest first under DD/MM/YYYY day headers; threads collapsed by default (spec §4). */
export function MessageList({ messages, rights, loaded, failed = false, emptyText, hasOlder, onLoadOlder, busyId, ...actions }: MessageListProps) {
  const now = useNow(10_000);
  const groups = useMemo(() => groupByDay(buildThreads(messages)), [messages]);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const newest = messages.reduce<ChatMessage | null>((latest, message) => (latest === null || message.createdAt > latest.createdAt ? message : latest), null);
  const newestOwn = newest !== null && isOwn(rights, newest.sender);

  // Follow the newest message while the reader is at the bottom, and always after one's own.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && (stick.current || newestOwn)) element.scrollTop = element.scrollHeight;
  }, [newest?._id, newestOwn, loaded]);

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
          {groups.map((group) => (
            <Box key={group.day || 'unknown'}>
              <Flex align="center" gap="3" my="2">
                <Separator flex="1" />
                <Text fontSize="xs" color="fg.muted" fontWeight="medium" data-testid="chat-day-header">
                  {formatDay(group.day ? group.sample : null)}
                </Text>
                <Separator flex="1" />
              </Flex>
              {group.threads.map(({ message, replies }) => {
                const expanded = open[message._id] ?? false;
                return (
                  <Box key={message._id}>
                    <MessageItem message={message} rights={rights} now={now} busy={busyId === message._id} {...actions} />
                    {replies.length > 0 ? (
                      <Box pl={{ base: '8', md: '10' }}>
                        <Button
                          size="2xs"
                          variant="plain"
                          color="gold.fg"
                          px="2"
                          onClick={() => setOpen((state) => ({ ...state, [message._id]: !expanded }))}
                          aria-expanded={expanded}
                        >
                          {expanded ? 'Hide replies' : `${replies.length} replies`}
                        </Button>
                        {expanded ? (
                          <Box borderLeftWidth="2px" borderColor="border" pl="2">
                            {replies.map((reply) => (
                              <MessageItem key={reply._id} message={reply} rights={rights} now={now} isReply busy={busyId === reply._id} {...actions} />
                            ))}
                          </Box>
                        ) : null}
                      </Box>
                    ) : null}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
