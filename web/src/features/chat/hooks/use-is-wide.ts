import { LIMITS } from '@le/contracts';
import { useSyncExternalStore } from 'react';

const query = `(min-width: ${LIMITS.mobileBreakpointPx}px)`;

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** Spec §2: 768 px and wider shows the list and the conversation side by side. */
export const useIsWide = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => true,
  );
