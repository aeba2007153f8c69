import { AfterHydration } from '@/components/ui/after-hydration';
import { OnDemand, onDemand } from '@/components/ui/on-demand';
import { useSessionStore } from '@/stores/session-store';

const { Part: PushInvitation } = onDemand(() => import('./push-invitation').then((module) => module.PushInvitation));

/**
 * Where /live and /signals invite to turn notifications on. Only a signed-in reader can be invited, so
 * a guest's page neither starts with the invitation's code (the device's push support, the device
 * list) nor fetches it; a signed-in reader's page fetches it once it is live. Left out without a word
 * if its file cannot load: nobody asked for it.
 */
export function PushInvitationSlot() {
  const signedIn = useSessionStore((state) => state.token !== null);
  if (!signedIn) return null;
  return (
    <AfterHydration>
      <OnDemand quiet>
        <PushInvitation />
      </OnDemand>
    </AfterHydration>
  );
}
