import { Box, Button, Flex, HStack, IconButton, Text, Textarea } from '@chakra-ui/react';
import { LIMITS } from '@le/contracts';
import type { ChatMessage } from '@le/contracts';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';

import { replyPreview } from '@/features/chat/utils/format';
import { SendIcon } from './chat-icons';

/** Spec §4 composer modes: a new comment, a reply to a message, or an edit of one's own message. */
export type ComposerMode = { kind: 'new' } | { kind: 'reply'; message: ChatMessage } | { kind: 'edit'; message: ChatMessage };

interface ComposerProps {
  mode: ComposerMode;
  canSend: boolean;
  /** Shown in place of the input when sending is not allowed (a notice, a link in it). */
  disabledText: ReactNode;
  /** Takes the text (it then waits on its message, sending or Not sent): the input clears. */
  onSubmit: (content: string, mode: ComposerMode) => void;
  onCancel: () => void;
}

/**
 * Enter sends, Shift+Enter breaks the line; empty or whitespace-only text is never sent (spec §5).
 * Replying shows the parent's 50-character preview; editing puts the message in the input.
 */
export function Composer({ mode, canSend, disabledText, onSubmit, onCancel }: ComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const editingId = mode.kind === 'edit' ? mode.message._id : null;
  const replyId = mode.kind === 'reply' ? mode.message._id : null;

  // Entering edit mode fills the input; leaving it empties it again.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (mode.kind === 'edit') setText(mode.message.content);
    else if (wasEditing.current) setText('');
    wasEditing.current = mode.kind === 'edit';
    if (mode.kind !== 'new') input.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the edited or replied message changes
  }, [editingId, replyId]);

  const submit = () => {
    const content = text.trim();
    if (!canSend || content === '') return;
    onSubmit(content, mode);
    setText('');
  };

  if (!canSend) {
    return (
      <Box px="3" py="3" borderTopWidth="1px" borderColor="border" bg="bg.subtle">
        <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="chat-cannot-post">
          {disabledText}
        </Text>
      </Box>
    );
  }

  return (
    <Box px={{ base: '2', md: '3' }} py="2" borderTopWidth="1px" borderColor="border" bg="bg.subtle">
      {mode.kind !== 'new' ? (
        <HStack justify="space-between" gap="2" mb="1.5" px="1">
          <Text fontSize="xs" color="fg.muted" truncate data-testid="composer-mode">
            {mode.kind === 'reply' ? (
              <>
                Replying to <b>{mode.message.sender.name || mode.message.sender.username}</b>: {replyPreview(mode.message.content)}
              </>
            ) : (
              'Editing message'
            )}
          </Text>
          <Button size="2xs" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </HStack>
      ) : null}
      <Flex gap="2" align="flex-end">
        <Textarea
          ref={input}
          aria-label="Message"
          placeholder={mode.kind === 'reply' ? 'Write a reply…' : 'Write a message…'}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={LIMITS.messageMaxChars}
          rows={1}
          autoresize
          maxH="32"
          resize="none"
          size="sm"
          bg="bg"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
            if (event.key === 'Escape' && mode.kind !== 'new') onCancel();
          }}
        />
        <IconButton
          aria-label={mode.kind === 'edit' ? 'Save' : 'Send'}
          colorPalette="gold"
          size="sm"
          disabled={text.trim() === ''}
          onClick={submit}
        >
          <SendIcon />
        </IconButton>
      </Flex>
    </Box>
  );
}
