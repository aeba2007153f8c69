import type { ActivityLogEntry } from '@le/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

import { errorMessage } from '@/lib/api-client';
import { getActivityLog } from '@/features/activity-log/api/activity-log';

export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityFilters {
  user: string;
  page: string;
}

type Status = 'loading' | 'ready' | 'error';

/** The log, newest first, a page at a time; a change of filters starts over. */
export function useActivityLog(filters: ActivityFilters) {
  const [logs, setLogs] = useState<ActivityLogEntry[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const { user, page } = filters;

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    setStatus('loading');
    setError(null);
    getActivityLog({ user, page, limit: ACTIVITY_PAGE_SIZE, signal: current.signal })
      .then((result) => {
        setLogs(result.logs);
        setNextCursor(result.nextCursor);
        setStatus('ready');
      })
      .catch((failure: unknown) => {
        if (current.signal.aborted) return;
        setError(errorMessage(failure, 'The activity log could not be loaded.'));
        setStatus('error');
      });
    return () => current.abort();
  }, [user, page, generation]);

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    setError(null);
    getActivityLog({ user, page, before: nextCursor, limit: ACTIVITY_PAGE_SIZE, signal: controller.current?.signal })
      .then((result) => {
        setLogs((current) => {
          const known = new Set(current.map((entry) => entry._id));
          return [...current, ...result.logs.filter((entry) => !known.has(entry._id))];
        });
        setNextCursor(result.nextCursor);
      })
      .catch((failure: unknown) => {
        if (controller.current?.signal.aborted) return;
        setError(errorMessage(failure, 'More entries could not be loaded.'));
      })
      .finally(() => setLoadingMore(false));
  }, [nextCursor, loadingMore, user, page]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  return { logs, status, error, hasMore: nextCursor !== null, loadingMore, loadMore, reload };
}
