import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * True while React takes over a page the server drew (the first render of `hydrateRoot`, app/boot.tsx)
 * and on the server; false in a page the app draws itself, and in the render that follows a take-over.
 * What the server's page shows but the app would show otherwise waits for it (lib/dates
 * useLocalTimeKnown), and what the reader did to the page before the app came is read in the
 * take-over's effects (app/root.tsx, the chat's message list).
 */
export const useTakingOver = (): boolean =>
  useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
