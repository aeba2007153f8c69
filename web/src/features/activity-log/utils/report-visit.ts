import { apiUrl } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { sessionRoleIn, sessionUserIn } from '@/lib/session-user';
import { getSessionToken } from '@/stores/session-store';
import { logActivity, type LogActivityInput } from '@/features/activity-log/api/log-activity';
import { UNKNOWN_IP, getPublicIp } from '@/features/activity-log/utils/public-ip';
import { claimFirstVisit } from '@/features/activity-log/utils/visit-dedup';

/** The message of spec §7 for a page visit. */
export const visitMessage = (path: string): string => `Visited ${path} page`;

export const isReload = (): boolean => {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
};

/** Visits still waiting for the IP lookup, with the token of the moment they happened. */
const waiting = new Set<{ input: Omit<LogActivityInput, 'ipAddress'>; token: string | null }>();
let flushOnLeave = false;

/**
 * Leaving the document (a typed address, a reload, closing the tab) would lose the visits still
 * waiting for the IP lookup: send them now, as "Unknown", on a request that outlives the page.
 */
const sendWaitingOnLeave = () => {
  for (const visit of waiting) {
    void fetch(apiUrl('/auth/log-activity'), {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...(visit.token ? { Authorization: `Bearer ${visit.token}` } : {}) },
      body: JSON.stringify({ ...visit.input, ipAddress: UNKNOWN_IP }),
    }).catch(() => undefined);
  }
  waiting.clear();
};

export const reportVisit = (path: string): void => {
  if (!flushOnLeave) {
    flushOnLeave = true;
    window.addEventListener('pagehide', sendWaitingOnLeave);
  }
  const visit = {
    input: { username: sessionUserIn(queryClient)?.username ?? '', role: sessionRoleIn(queryClient) ?? 'guest', page: path, message: visitMessage(path) },
    token: getSessionToken(),
  };
  waiting.add(visit);
  void getPublicIp()
    .then((ipAddress) => {
      // already sent when the page went away
      if (!waiting.delete(visit)) return;
      return logActivity({ ...visit.input, ipAddress });
    })
    .catch((error: unknown) => {
      // A lost visit report is not worth interrupting the reader for.
      console.warn('Could not log the page visit', error);
    });
};

/**
 * The visit of a page the server drew, reported before the app starts (app/main.tsx: a guest's whole
 * page starts the app only when they act on it, and a visitor who only reads was a visit all the
 * same). Once: the app's own logger, when it comes, does not report that page again.
 */
export const reportFirstVisit = (path: string): void => {
  if (claimFirstVisit(path, Date.now(), isReload())) reportVisit(path);
};
