import { create } from 'zustand';

/**
 * Moderation as the shell shows it (contract §13): the open reports (admins, the top bar's count)
 * and the signed-in user's own timeout (the room's composer). Written by the app's moderation live
 * layer (`app/moderation-live-layer.tsx`, after the first paint with the socket) from the first
 * reads and the socket's `moderation:report`, `moderation:count` and `user:restricted`.
 */
export interface ModerationState {
  openReports: number;
  /** When the user's timeout from the room ends (ISO), or null. */
  timedOutUntil: string | null;
}

export const useModerationStore = create<ModerationState>()(() => ({ openReports: 0, timedOutUntil: null }));

export const setOpenReports = (count: number): void => {
  const next = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (useModerationStore.getState().openReports !== next) useModerationStore.setState({ openReports: next });
};

export const setTimedOutUntil = (until: string | null): void => {
  const next = until && Date.parse(until) > Date.now() ? until : null;
  if (useModerationStore.getState().timedOutUntil !== next) useModerationStore.setState({ timedOutUntil: next });
};
