import { LIMITS } from '@le/contracts';

// Module state, not component state: it must survive StrictMode's double effects and remounts.
let firstPageSeen = false;
let lastVisit: { path: string; at: number } | null = null;

/** Whether a visit of `path` now should be reported (spec §2: not on reload, not twice within 1 s). */
export const shouldReportVisit = (path: string, now: number, reload: boolean): boolean => {
  const first = !firstPageSeen;
  firstPageSeen = true;
  if (first && reload) {
    lastVisit = { path, at: now };
    return false;
  }
  if (lastVisit && lastVisit.path === path && now - lastVisit.at < LIMITS.pageVisitDedupMs) return false;
  lastVisit = { path, at: now };
  return true;
};

/** Test hook: forget what was reported. */
export const resetVisitLogger = (): void => {
  firstPageSeen = false;
  lastVisit = null;
};
