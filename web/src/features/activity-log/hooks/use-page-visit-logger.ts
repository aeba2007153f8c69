import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { isReload, reportVisit } from '@/features/activity-log/utils/report-visit';
import { shouldReportVisit } from '@/features/activity-log/utils/visit-dedup';

/**
 * Reports every page the visitor opens to the activity log as "Visited {path} page", with the
 * public IP (or "Unknown"). Not on a reload, not twice within a second. Used once, at the app root.
 */
export function usePageVisitLogger() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (shouldReportVisit(pathname, Date.now(), isReload())) reportVisit(pathname);
  }, [pathname]);
}
