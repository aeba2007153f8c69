import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { MODERATION } from '@le/contracts';
import { useId, useState } from 'react';

import { DEFAULT_TIMEOUT_CHOICE, TimeoutLength, isTimeoutLength, timeoutMinutesOf } from '@/components/ui/timeout-length';

/** How long and why: a time-out's two fields, with a submit button (contract §13: a reason, 1 minute to 7 days). */
export function TimeoutForm({
  name,
  busy,
  onSubmit,
  onCancel,
  titled = true,
}: {
  name: string;
  busy: boolean;
  onSubmit: (minutes: number, reason: string) => void;
  onCancel?: () => void;
  /** false inside a dialog whose title already names who is timed out */
  titled?: boolean;
}) {
  const [choice, setChoice] = useState(DEFAULT_TIMEOUT_CHOICE);
  const [custom, setCustom] = useState('30');
  const [reason, setReason] = useState('');
  const id = useId();
  const minutes = timeoutMinutesOf(choice, custom);
  const valid = isTimeoutLength(minutes) && reason.trim() !== '';
  return (
    <Stack gap="2" as="form" onSubmit={(event) => (event.preventDefault(), valid && onSubmit(minutes, reason.trim()))} data-testid="timeout-form">
      {titled ? (
        <Text fontSize="sm" fontWeight="semibold">
          Time out {name}
        </Text>
      ) : null}
      <TimeoutLength choice={choice} custom={custom} onChoice={setChoice} onCustom={setCustom} />
      <Input id={`${id}-reason`} size="sm" aria-label="Reason" placeholder="Reason (shown in the log)" maxLength={MODERATION.timeoutReasonMax} value={reason} onChange={(event) => setReason(event.target.value)} />
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="red" loading={busy} disabled={!valid}>
          Time out
        </Button>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
