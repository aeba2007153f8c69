import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { apiUrl } from '@/lib/api-client';
import { getSessionToken, useSessionStore } from '@/stores/session-store';
import { logActivity, type LogActivityInput } from '@/features/activity-log/api/activity-log';
import { UNKNOWN_IP, getPublicIp } from '@/features/activity-log/utils/public-ip';
import { shouldReportVisit } from '@/features/activity-log/utils/visit-dedup';

/** The message of spec §7 for a page visit. */
export const visitMessage = (path: string): string => `Visited ${path} page`;

const isReload = (): boolean => {
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

const report = (path: string) => {
  if (!flushOnLeave) {
    flushOnLeave = true;
    window.addEventListener('pagehide', sendWaitingOnLeave);
  }
  const { username, role } = useSessionStore.getState();
  const visit = {
    input: { username: username ?? '', role: role ?? 'guest', page: path, message: visitMessage(path) },
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
 * Reports every page the visitor opens to the activity log as "Visited {path} page", with the
 * public IP (or "Unknown"). Not on a reload, not twice within a second. Used once, at the app root.
 */
export function usePageVisitLogger() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (shouldReportVisit(pathname, Date.now(), isReload())) report(pathname);
  }, [pathname]);
}
