import { Button, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { MODERATION, type ChatMessage } from '@le/contracts';
import { useEffect, useState } from 'react';

import { DialogShell } from '@/components/ui/dialog-shell';
import { DEFAULT_TIMEOUT_CHOICE, TimeoutLength, isTimeoutLength, timeoutMinutesOf } from '@/components/ui/timeout-length';
import { errorMessage } from '@/lib/api-client';
import { reportMessage, timeOutUser } from '@/features/chat/api/moderate';
import { replyPreview } from '@/features/chat/utils/format';

export type ModerationIntent = { action: 'report' | 'hide' | 'timeout'; message: ChatMessage };

/**
 * The room's moderation from a message's menu (contract §13): Report (a reason, then a confirmation),
 * and for admins Hide with a reason and Time out the author (10 min, 1 h, 24 h or custom, a reason).
 */
export function ModerationDialog({ intent, onClose, onHide }: { intent: ModerationIntent | null; onClose: () => void; onHide: (message: ChatMessage, reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [length, setLength] = useState(DEFAULT_TIMEOUT_CHOICE);
  const [custom, setCustom] = useState('30');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    setReason('');
    setError(null);
    setDone(false);
    setLength(DEFAULT_TIMEOUT_CHOICE);
  }, [intent]);
  if (!intent) return null;
  const { action, message } = intent;
  const author = message.sender.name || message.sender.username;
  const minutes = timeoutMinutesOf(length, custom);
  const max = action === 'report' ? MODERATION.reportReasonMax : action === 'hide' ? MODERATION.hideReasonMax : MODERATION.timeoutReasonMax;
  const valid = reason.trim() !== '' && (action !== 'timeout' || isTimeoutLength(minutes));
  const title = action === 'report' ? 'Report this message' : action === 'hide' ? 'Hide this message' : `Time out ${author}`;

  const submit = async () => {
    if (!valid || busy) return;
    if (action === 'hide') {
      onHide(message, reason.trim());
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (action === 'report') await reportMessage(message._id, reason.trim());
      else await timeOutUser(message.sender._id, minutes, reason.trim());
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogShell open onClose={onClose} title={title} testId="moderation-dialog">
      <Dialog.Body>
        {done ? (
          <Text role="status" data-testid="moderation-done">
            {action === 'report' ? 'Thank you. The admins will look at this message.' : `${author} is timed out.`}
          </Text>
        ) : (
          <Stack gap="3" as="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
            <Text fontSize="sm" color="fg.muted">
              {author}: {replyPreview(message.content)}
            </Text>
            {action === 'timeout' ? (
              <TimeoutLength choice={length} custom={custom} onChoice={setLength} onCustom={setCustom} />
            ) : null}
            <Textarea aria-label="Reason" placeholder="Reason" maxLength={max} value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
            {error ? (
              <Text fontSize="sm" color="fg.error" role="alert">
                {error}
              </Text>
            ) : null}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button colorPalette={action === 'report' ? 'gold' : 'red'} disabled={!valid} loading={busy} onClick={() => void submit()}>
              {action === 'report' ? 'Send report' : action === 'hide' ? 'Hide' : 'Time out'}
            </Button>
          </>
        )}
      </Dialog.Footer>
    </DialogShell>
  );
}
