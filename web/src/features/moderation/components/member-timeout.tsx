import { Button, Dialog, Text } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { useState } from 'react';

import { DialogShell } from '@/components/ui/dialog-shell';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { formatTime, useTimeZone } from '@/lib/dates';
import { useTimeOut } from '@/features/moderation/api/moderation';
import { TimeoutForm } from './timeout-form';

/**
 * Time out from a member's row in the admin console (contract §13): the same lengths and reason as
 * the reports queue; the member's composer turns into "until HH:mm" wherever it is open.
 */
export function MemberTimeout({ user }: { user: Pick<PublicUser, '_id' | 'username' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const timeOut = useTimeOut();
  const zone = useTimeZone();
  const name = user.name || user.username;
  const until = timeOut.data?.timeout.until ?? null;
  const close = () => {
    setOpen(false);
    timeOut.reset();
  };
  return (
    <>
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setOpen(true)} aria-label={`Time out ${user.username}`} data-testid="member-timeout">
        Time out
      </Button>
      {open ? (
        <DialogShell open onClose={close} title={`Time out ${name}`} testId="member-timeout-dialog">
        <Dialog.Body>
          {until ? (
            <Text role="status" data-testid="member-timeout-done">
              {name} is timed out until {formatTime(until, zone)}.
            </Text>
          ) : (
            <>
              {timeOut.error ? <FormAlert status="error" title={errorMessage(timeOut.error, 'That did not work. Please try again.')} /> : null}
              <TimeoutForm
                name={name}
                busy={timeOut.isPending}
                onSubmit={(minutes, reason) => timeOut.mutate({ userId: user._id, minutes, reason })}
                onCancel={close}
                titled={false}
              />
            </>
          )}
        </Dialog.Body>
        {until ? (
          <Dialog.Footer>
            <Button onClick={close}>Close</Button>
          </Dialog.Footer>
        ) : null}
        </DialogShell>
      ) : null}
    </>
  );
}
