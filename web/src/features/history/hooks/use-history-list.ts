import type { HistoryEntry } from '@le/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

import { getHistory } from '@/features/history/api/history';

type Status = 'loading' | 'ready' | 'error';

/**
 * The history, a page at a time (newest first). `loadMore` appends the next page; `reload` starts
 * over; `remove`/`replace` keep the list in step after an admin's delete or edit.
 */
export function useHistoryList(pageSize?: number) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    getHistory({ limit: pageSize, signal: current.signal })
      .then((page) => {
        setEntries(page.history);
        setNextCursor(page.nextCursor);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        console.error('Could not load the history', error);
        setStatus('error');
      });
    return () => current.abort();
  }, [generation, pageSize]);

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    getHistory({ before: nextCursor, limit: pageSize, signal: controller.current?.signal })
      .then((page) => {
        setEntries((current) => {
          const known = new Set(current.map((entry) => entry._id));
          return [...current, ...page.history.filter((entry) => !known.has(entry._id))];
        });
        setNextCursor(page.nextCursor);
      })
      .catch((error: unknown) => {
        if (controller.current?.signal.aborted) return;
        console.error('Could not load more history', error);
        setMoreFailed(true);
      })
      .finally(() => setLoadingMore(false));
  }, [nextCursor, loadingMore, pageSize]);

  const reload = useCallback(() => {
    setStatus('loading');
    setMoreFailed(false);
    setGeneration((value) => value + 1);
  }, []);

  const remove = useCallback((id: string) => setEntries((current) => current.filter((entry) => entry._id !== id)), []);
  const replace = useCallback(
    (entry: HistoryEntry) => setEntries((current) => current.map((item) => (item._id === entry._id ? entry : item))),
    [],
  );

  return { entries, status, hasMore: nextCursor !== null, loadingMore, moreFailed, loadMore, reload, remove, replace };
}
