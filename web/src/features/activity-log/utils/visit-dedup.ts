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

/**
 * The first page's visit, reported before the app started (utils/report-visit.ts): whether to report
 * it (as shouldReportVisit), and, reported or not, the app's first look at the same path is not
 * another visit, however long after it comes. False when the app saw a page first.
 */
export const claimFirstVisit = (path: string, now: number, reload: boolean): boolean => {
  if (firstPageSeen) return false;
  const report = shouldReportVisit(path, now, reload);
  lastVisit = { path, at: Number.POSITIVE_INFINITY };
  return report;
};

/** Test hook: forget what was reported. */
export const resetVisitLogger = (): void => {
  firstPageSeen = false;
  lastVisit = null;
};
