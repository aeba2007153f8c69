import { BREAKPOINTS, LIMITS } from '@le/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/** Whether the window is at least `px` wide, following resizes. */
export const useMinWidth = (px: number): boolean => {
  const query = `(min-width: ${px}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => true,
  );
};

/** Spec §2: 768 px and wider shows the list and the conversation side by side. */
export const useIsWide = (): boolean => useMinWidth(LIMITS.mobileBreakpointPx);

/** From the xl breakpoint (1200 px) the admin's inbox has room for the member's panel beside the conversation. */
export const useHasRoomForAside = (): boolean => useMinWidth(BREAKPOINTS.xl);
