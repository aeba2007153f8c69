import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import { UserAvatar } from '@/components/ui/user-avatar';
import { lastReadFailed } from '@/lib/query-client';
import { setWithAdminChat, useWithAdmin } from '@/features/chat/api/get-with-admin';
import { openWithAdmin } from '@/features/chat/api/open-with-admin';
import { useChatListSync } from '@/features/chat/hooks/use-chat-list-sync';
import { useIsWide } from '@/features/chat/hooks/use-is-wide';
import { useRealtimeChat } from '@/features/chat/hooks/use-realtime-chat';
import { seedStream } from '@/features/chat/api/streams';
import { withAdminsRights } from '@/features/chat/utils/rights';
import { useChatRights } from '@/features/chat/hooks/use-chat-rights';
import { ChatList } from './chat-list';
import { WithAdminsNotice } from './chat-notices';
import { ChatSplitLayout } from './chat-split-layout';
import { ConnectionBanner } from './connection-banner';
import { Conversation } from './conversation';
import { ConversationHeader } from './conversation-header';

/**
 * /chat-user: the member's one conversation with the admins, open to trials and expired members too
 * (contract §9), who are told that the live room needs a membership. The conversation is created by the
 * first message (POST /chat/with-admin, then POST /chat). On wide screens it shows beside the list
 * from the start, so a first message can be written; under 768 px the list comes first.
 */
export function MemberChatScreen() {
  const viewer = useRealtimeChat();
  const list = useChatListSync('user');
  // The live room's rights (for the notice) and this conversation's: every member writes to the admins.
  const roomRights = useChatRights();
  const rights = useMemo(() => withAdminsRights(roomRights), [roomRights]);
  const chats = list.data ?? null;
  const listFailed = lastReadFailed(list);
  const queryClient = useQueryClient();
  const withAdminQuery = useWithAdmin();
  const withAdmin = withAdminQuery.data;
  const withAdminFailed = lastReadFailed(withAdminQuery);
  const [open, setOpen] = useState(false);
  const wide = useIsWide();

  // Its newest page goes into the conversation's stream, which the socket and the catch-up keep.
  useEffect(() => {
    const chat = withAdmin?.chat;
    if (!chat) return;
    seedStream(chat._id, withAdmin.messages, withAdmin.nextCursor ?? null)
      .catch((error: unknown) => console.warn('Could not load the chat with the admins', error));
  }, [withAdmin]);

  const chatId = withAdmin?.chat?._id ?? chats?.[0]?._id ?? null;
  const admin = withAdmin?.chat?.participants.find((participant) => participant.role === 'admin') ?? withAdmin?.admins[0];
  const adminName = admin ? admin.name || admin.username : 'Admin';

  const ensureChat = async () => {
    const { chat } = await openWithAdmin();
    setWithAdminChat(queryClient, chat);
    return chat._id;
  };

  const chatList = (
    <ChatList
      chats={chats}
      viewerIsAdmin={false}
      selectedId={open || wide ? chatId : null}
      onSelect={() => setOpen(true)}
      emptyText={UI_TEXT.chatNoHistoryWithAdmin}
      failed={listFailed}
      actions={
        rights.canPost ? (
          <Button size="xs" variant="outline" colorPalette="gold" display={{ base: 'inline-flex', md: 'none' }} onClick={() => setOpen(true)}>
            Message admin
          </Button>
        ) : null
      }
    />
  );

  const conversation =
    withAdmin === undefined && chats === null ? (
      <Flex direction="column" align="center" gap="3" p="6" role="status" aria-label="Loading the conversation">
        <Spinner color="gold.solid" />
        {withAdminFailed ? (
          <Text color="fg.muted" fontSize="sm" textAlign="center">
            Could not load the conversation. Retrying…
          </Text>
        ) : null}
      </Flex>
    ) : (
      <Conversation
        stream={chatId}
        viewer={viewer}
        rights={rights}
        emptyText={rights.canPost ? 'Write your first message to the admins.' : 'No messages with the admins yet.'}
        ensureChat={ensureChat}
        markAsRead={open || wide}
        header={
          <ConversationHeader
            title={adminName}
            subtitle="Lukis Emas admin"
            avatar={<UserAvatar photo={admin?.photo_profile} name={adminName} boxSize="9" />}
            onBack={() => setOpen(false)}
          />
        }
        notices={
          <>
            <ConnectionBanner />
            <WithAdminsNotice roomRights={roomRights} />
          </>
        }
      />
    );

  return (
    <Box>
      <title>Messages — Lukis Emas</title>
      <ChatSplitLayout list={chatList} conversation={conversation} showConversation={open} />
    </Box>
  );
}
