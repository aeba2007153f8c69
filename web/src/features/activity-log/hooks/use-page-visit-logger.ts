import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { useSessionStore } from '../../../stores/session-store';
import { logActivity } from '../api/activity-log';
import { getPublicIp } from '../utils/public-ip';
import { shouldReportVisit } from '../utils/visit-dedup';

/** The message of spec §7 for a page visit. */
export const visitMessage = (path: string): string => `Visited ${path} page`;

const isReload = (): boolean => {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
};

/**
 * Reports every page the visitor opens to the activity log as "Visited {path} page", with the
 * public IP (or "Unknown"). Used once, at the root of the app.
 */
export function usePageVisitLogger() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (!shouldReportVisit(pathname, Date.now(), isReload())) return;
    void getPublicIp()
      .then((ipAddress) => {
        const { username, role } = useSessionStore.getState();
        return logActivity({ ipAddress, username: username ?? '', role: role ?? 'guest', page: pathname, message: visitMessage(pathname) });
      })
      .catch((error: unknown) => {
        // A lost visit report is not worth interrupting the reader for.
        console.warn('Could not log the page visit', error);
      });
  }, [pathname]);
}
