import { useEffect, useState } from 'react';

import { errorMessage } from '@/lib/api-client';
import { lastReadFailed } from '@/lib/query-client';

interface ReadState {
  error: unknown;
  errorUpdatedAt: number;
  dataUpdatedAt: number;
}

/**
 * What to tell the user about a query that reads again on its own (a timer, a poll): the message
 * of the last failed read, held while the next attempt runs, gone once a read succeeds.
 */
export function useReadError(query: ReadState, fallback: string): string | null {
  const [last, setLast] = useState<unknown>(null);
  useEffect(() => {
    if (query.error) setLast(query.error);
  }, [query.error]);
  return lastReadFailed(query) ? errorMessage(query.error ?? last, fallback) : null;
}
