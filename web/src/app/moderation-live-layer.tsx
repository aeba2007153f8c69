import { useModerationLive } from '@/features/moderation/hooks/use-moderation-live';

/** Mounted once by the app shell (its own lazy chunk, with the socket): the open reports' count and the user's own timeout, live. */
export function ModerationLiveLayer() {
  useModerationLive();
  return null;
}

export default ModerationLiveLayer;
