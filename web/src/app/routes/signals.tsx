import type { LoaderFunctionArgs } from 'react-router';

import { PushInvitationSlot } from '@/features/notifications/components/push-invitation-slot';
import { signalKeys } from '@/features/signals/api/keys';
import { SignalsPage } from '@/features/signals/components/signals-page';
import { WithPageReads, readForPage, readInBrowser } from '@/app/server-reads';

export const loader = ({ context }: LoaderFunctionArgs) =>
  readForPage([
    [signalKeys.list({ status: 'all', side: null }), async () => ({ pages: [await context.reads.signals({ status: 'all' })], pageParams: [null] })],
    [signalKeys.stats(), () => context.reads.signalStats()],
  ]);
export const clientLoader = readInBrowser;

export default function SignalsRoute() {
  return (
    <WithPageReads>
      <SignalsPage banner={<PushInvitationSlot />} />
    </WithPageReads>
  );
}
