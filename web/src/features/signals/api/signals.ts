import { SIGNAL_LEDGER, SIGNAL_RULES } from '@le/contracts';
import type { SignalDetail, SignalEventList, SignalLedgerPage, SignalList, SignalStats } from '@le/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/paged-list';
import { checkEntries, startCheck, webCryptoSha256, type LedgerCheck } from '@/features/signals/utils/ledger-check';
import { signalKeys } from './keys';
import type { SignalFilters } from './keys';

const query = (params: Record<string, string | number | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * GET /signals: newest first, each as this viewer may see it ('closed' = closed or cancelled); `before`
 * is the `nextCursor` of the page before. Public: a guest gets the redacted view.
 */
export const getSignals = (
  filters: SignalFilters,
  options: { before?: string | null; limit?: number; signal?: AbortSignal } = {},
) =>
  api.get<SignalList>(
    `/signals${query({ status: filters.status, side: filters.side, before: options.before, limit: options.limit })}`,
    { signal: options.signal, redirectOnUnauthorized: false },
  );

/** GET /signals/:id: the signal and its timeline. */
export const getSignal = (id: string, signal?: AbortSignal) =>
  api.get<SignalDetail>(`/signals/${encodeURIComponent(id)}`, { signal, redirectOnUnauthorized: false });

/** GET /signals/stats: the record, the month table and the equity curve. */
export const getSignalStats = (signal?: AbortSignal) => api.get<SignalStats>('/signals/stats', { signal, redirectOnUnauthorized: false });

/** How many events one catch-up read asks for (the API's maximum). */
export const EVENTS_PAGE = 500;

/** GET /signals/events?after=: the stream's events after a seq, ascending, as this viewer may see them. */
export const getSignalEvents = (after: number, signal?: AbortSignal) =>
  api.get<SignalEventList>(`/signals/events${query({ after, limit: EVENTS_PAGE })}`, { signal, redirectOnUnauthorized: false });

/** Every open signal (newest first), each page of the open list followed to its end. */
export const getOpenSignals = async (signal?: AbortSignal): Promise<SignalList['signals']> => {
  const signals: SignalList['signals'] = [];
  let before: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const result: SignalList = await getSignals({ status: 'open' }, { before, limit: SIGNAL_RULES.pageMax, signal });
    signals.push(...result.signals);
    before = result.nextCursor;
    if (!before || result.signals.length === 0) break;
  }
  return signals;
};

/** The list under its filters, a page at a time ("Load more" for older signals). */
export const useSignalList = (filters: SignalFilters) =>
  useInfiniteQuery({
    queryKey: signalKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getSignals(filters, { before: pageParam, signal }),
    ...cursorPaging,
  });

/** The newest `limit` signals of every status (the home page's feed). */
export const useLatestSignals = (limit: number) =>
  useQuery({
    queryKey: signalKeys.latest(limit),
    queryFn: ({ signal }) => getSignals({ status: 'all' }, { limit, signal }),
    select: (page) => page.signals,
  });

/** One signal with its timeline (null id: nothing to load). */
export const useSignal = (id: string | null) =>
  useQuery({
    queryKey: signalKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getSignal(id!, signal),
    enabled: id !== null,
  });

/** The record: counts, win rate, pips, by month, the equity curve. */
export const useSignalStats = () =>
  useQuery({
    queryKey: signalKeys.stats(),
    queryFn: ({ signal }) => getSignalStats(signal),
    placeholderData: keepPreviousData,
  });

/** GET /signals/ledger?after=: the public ledger's next page, its reveals as this viewer may see them. */
export const getSignalLedger = (after: number, signal?: AbortSignal) =>
  api.get<SignalLedgerPage>(`/signals/ledger${query({ after, limit: SIGNAL_LEDGER.pageMax })}`, { signal, redirectOnUnauthorized: false });

/**
 * The whole ledger checked here, in the browser (docs/signals-ledger.md): every page read and
 * checked as it comes, `onProgress` told how far. Ends at the head the last page named.
 */
export const checkSignalLedger = async (signal: AbortSignal | undefined, onProgress: (check: LedgerCheck, head: number) => void = () => undefined) => {
  let check = startCheck();
  let head = { seq: 0, hash: check.hash };
  for (;;) {
    const page = await getSignalLedger(check.seq, signal);
    head = page.head;
    check = await checkEntries(check, page.entries, webCryptoSha256);
    onProgress(check, head.seq);
    if (check.failure || page.entries.length === 0 || check.seq >= head.seq) break;
  }
  // The head the server names must be where the chain ended.
  if (!check.failure && (check.seq !== head.seq || check.hash !== head.hash)) {
    check = { ...check, failure: { seq: head.seq, reason: 'the ledger does not end at the head it names' } };
  }
  return { check, head: head.seq };
};

/** The chain checked in the browser once per visit ("Check again" reads it anew). */
export const useLedgerCheck = (onProgress?: (check: LedgerCheck, head: number) => void) =>
  useQuery({
    queryKey: signalKeys.ledger(),
    queryFn: ({ signal }) => checkSignalLedger(signal, onProgress),
    staleTime: Infinity,
    retry: false,
  });
