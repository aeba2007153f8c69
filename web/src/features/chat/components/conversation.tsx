import { Flex } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { ChatMessage } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';

import { deleteMessage } from '@/features/chat/api/delete-message';
import { editMessage } from '@/features/chat/api/edit-message';
import { clearUnread } from '@/features/chat/api/get-chats';
import { markRead } from '@/features/chat/api/mark-read';
import { postMessage } from '@/features/chat/api/post-message';
import { toggleHide } from '@/features/chat/api/toggle-hide';
import { useStreamSync } from '@/features/chat/hooks/use-stream-sync';
import { GLOBAL_STREAM, useChatStore } from '@/features/chat/stores/chat-store';
import type { Viewer } from '@/features/chat/stores/chat-store';
import type { ChatRights } from '@/features/chat/utils/rights';
import { isOwn } from '@/features/chat/utils/rights';
import { Composer } from './composer';
import type { ComposerMode } from './composer';
import { MessageList } from './message-list';

interface ConversationProps {
  /** 'global', a private chat id, or null for a member who has not written yet. */
  stream: string | null;
  viewer: Viewer;
  rights: ChatRights;
  emptyText: string;
  /** Shown in place of the input when the viewer may not send. */
  disabledText?: string;
  /** The member's first message opens the conversation (POST /chat/with-admin) and answers its id. */
  ensureChat?: () => Promise<string>;
  /** Mark the chat read on open and as new messages arrive (private chats). */
  markAsRead?: boolean;
  header?: ReactNode;
  /** Under the header: notices, the connection banner. */
  notices?: ReactNode;
}

const EMPTY: ChatMessage[] = [];

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A conversation: the messages (live), the composer in its three modes, and the message actions. */
export function Conversation({ stream, viewer, rights, emptyText, disabledText = UI_TEXT.chatRegisterNotice, ensureChat, markAsRead = false, header, notices }: ConversationProps) {
  useStreamSync(stream, viewer);
  const queryClient = useQueryClient();
  const state = useChatStore((store) => (stream ? store.streams[stream] : undefined));
  const failed = useChatStore((store) => (stream ? store.failures[stream] === true : false));
  const messages = useMemo(() => (state ? Object.values(state.messages) : EMPTY), [state]);
  const [mode, setMode] = useState<ComposerMode>({ kind: 'new' });
  const [sending, setSending] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const isGlobal = stream === GLOBAL_STREAM;

  // Another conversation: back to a new comment.
  useEffect(() => setMode({ kind: 'new' }), [stream]);

  // Mark read on open, and again when someone else writes while it is open (spec §2/§7).
  const othersCount = useMemo(() => messages.filter((message) => !isOwn(rights, message.sender)).length, [messages, rights]);
  useEffect(() => {
    if (!markAsRead || !stream || isGlobal || !state?.loaded) return;
    markRead(stream)
      .then(() => clearUnread(queryClient, stream))
      .catch((error: unknown) => console.warn('Could not mark the chat read', error));
  }, [queryClient, markAsRead, stream, isGlobal, state?.loaded, othersCount]);

  const submit = async (content: string, current: ComposerMode): Promise<boolean> => {
    setSending(true);
    try {
      if (current.kind === 'edit') {
        try {
          const { message } = await editMessage(current.message._id, content);
          useChatStore.getState().putMessage(message);
          setMode({ kind: 'new' });
          return true;
        } catch (error) {
          console.warn('Edit failed', error);
          window.alert(UI_TEXT.chatEditFailed);
          return false;
        }
      }
      try {
        const chatId = isGlobal ? undefined : (stream ?? (await ensureChat?.()));
        if (!isGlobal && !chatId) throw new Error('no conversation to post in');
        const { message } = await postMessage({
          content,
          type: isGlobal ? 'global' : 'private',
          chatId,
          replyTo: current.kind === 'reply' ? current.message._id : undefined,
          clientId: newClientId(),
        });
        useChatStore.getState().putMessage(message);
        setMode({ kind: 'new' });
        return true;
      } catch (error) {
        console.warn('Send failed', error);
        window.alert(UI_TEXT.chatSendFailed);
        return false;
      }
    } finally {
      setSending(false);
    }
  };

  const remove = async (message: ChatMessage) => {
    if (!window.confirm('Delete this message?')) return;
    setBusyId(message._id);
    try {
      await deleteMessage(message._id);
      useChatStore.getState().putMessage({ ...message, deleted: true, content: '' });
      if (mode.kind !== 'new' && mode.message._id === message._id) setMode({ kind: 'new' });
    } catch (error) {
      console.warn('Delete failed', error); // spec §8: other chat failures are only logged
    } finally {
      setBusyId(null);
    }
  };

  const hide = async (message: ChatMessage) => {
    setBusyId(message._id);
    try {
      const { message: updated } = await toggleHide(message._id, isGlobal ? 'global' : 'private');
      useChatStore.getState().putMessage(updated);
    } catch (error) {
      console.warn('Hide failed', error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Flex direction="column" h="full" minH="0" data-testid="chat-conversation">
      {header}
      {notices}
      <MessageList
        messages={messages}
        rights={rights}
        loaded={stream === null || (state?.loaded ?? false)}
        failed={failed}
        emptyText={emptyText}
        hasOlder={Boolean(state?.nextCursor)}
        onLoadOlder={() => stream && void useChatStore.getState().loadOlder(stream, viewer).catch((error: unknown) => console.warn(error))}
        busyId={busyId}
        onReply={(message) => setMode({ kind: 'reply', message })}
        onEdit={(message) => setMode({ kind: 'edit', message })}
        onDelete={(message) => void remove(message)}
        onToggleHide={(message) => void hide(message)}
      />
      <Composer
        mode={mode}
        canSend={rights.canPost}
        disabledText={disabledText}
        sending={sending}
        onSubmit={submit}
        onCancel={() => setMode({ kind: 'new' })}
      />
    </Flex>
  );
}
