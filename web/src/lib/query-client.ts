import { QueryClient, hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

import { ApiError } from './api-client';
import { useSessionStore } from '@/stores/session-store';

const RETRY_DELAY_MS = 500;

/**
 * One more try when no answer came (network) or the server failed (5xx), never for a 4xx: the
 * server said no and will say it again. Only one, and soon: every screen has its own Try again, and
 * a failure must show within a moment instead of behind seconds of back-off.
 */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The last read failed and none has succeeded since. Unlike `isError` this holds while a query
 * without data tries again: TanStack puts such a query back to pending (error null) for each attempt.
 */
export const lastReadFailed = (state: { errorUpdatedAt: number; dataUpdatedAt: number }): boolean => state.errorUpdatedAt > state.dataUpdatedAt;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        // Back on a screen within half a minute: what it showed is shown again without a request.
        staleTime: 30_000,
        // The screens refresh on their own terms (the dashboard's timer, the chat's socket, writes
        // invalidating what they change); a focus refetch would reshuffle a list under the pointer.
        refetchOnWindowFocus: false,
      },
    },
  });

/**
 * What one account may read is not another's: the cache is emptied whenever the session's token
 * changes (sign-in, sign-out, a 401, another account in another tab). Removing a query also aborts
 * its request, so a late answer to a query of the previous account lands nowhere. (Requests made
 * outside a query's own read, as the chat's catch-ups and sends, check their session themselves:
 * features/chat/api/streams.ts.) Returns the unsubscribe.
 */
export const clearOnSessionChange = (client: QueryClient): (() => void) => {
  let token = useSessionStore.getState().token;
  return useSessionStore.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    client.clear();
  });
};

/** The app's one client (app/provider.tsx provides it). */
export const queryClient = createQueryClient();
clearOnSessionChange(queryClient);

/**
 * A query's data as the cache holds it, without observing the query (no read, and no options of its
 * own that could replace those of the part that reads and keeps it): for a screen that shows what
 * another part keeps, or what a route's loader put in the cache. The server draws what its
 * request's cache holds, and hydration reads the same from the browser's.
 */
export function useQueryData<T>(queryKey: QueryKey): T | undefined {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (changed: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) changed();
      }),
    [client, hash],
  );
  const read = () => client.getQueryCache().get<T>(hash)?.state.data;
  return useSyncExternalStore(subscribe, read, read);
}
