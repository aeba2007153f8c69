import { LIMITS, signalAccessEndsAt, signalAccessOf } from '@le/contracts';
import type { Signal, SignalEventPayload, SignalList } from '@le/contracts';
import { hashKey, queryOptions, useQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { sharedWhileHeld } from '@/lib/held';
import { lastReadFailed, queryClient } from '@/lib/query-client';
import { acquireRealtime, onSignalEvent, useRealtimeStore } from '@/lib/realtime-client';
import { ME_KEY, sessionUserIn, type SessionUser } from '@/lib/session-user';
import { useSessionStore } from '@/stores/session-store';

import { EVENTS_PAGE, getOpenSignals, getSignalEvents, getSignals } from '@/features/signals/api/signals';
import { signalKeys } from '@/features/signals/api/keys';
import type { SignalFilters } from '@/features/signals/api/keys';
import { applySignalEvent, emptyOpenSignals, patchSignalPages, patchSignalRows, seedSignals, upsertSignal } from '@/features/signals/utils/signal-patches';
import type { OpenSignalsData } from '@/features/signals/utils/signal-patches';

export type { OpenSignalsData } from '@/features/signals/utils/signal-patches';

/*
 * The open signals are a query (`signalKeys.open(view)`), seeded from `GET /signals?status=open` and
 * patched by the `signal:event`s of the socket in seq order (utils/signal-patches.ts); a gap, a
 * reconnection or a resync reads `GET /signals/events?after=head`; while the socket is down that log
 * is polled. Every event also patches the cached lists and the home page's feed in place (the event
 * carries the signal as this viewer may see it): no list is read again for it.
 */

/** Which view of the open signals is current: a new viewer or new rights make a new one, read anew. */
let view = 0;
const viewListeners = new Set<() => void>();
const subscribeView = (listener: () => void) => {
  viewListeners.add(listener);
  return () => {
    viewListeners.delete(listener);
  };
};

/** Events heard while the current view's list is read (or could not be): they wait for its seed. */
let early: OpenSignalsData = emptyOpenSignals();
/** The view whose list is being read now, if any. */
let loadingView: number | null = null;
/** The last catch-up failed: the poll tries again. */
let catchUpFailed = false;
let catchingUp: Promise<void> | null = null;

/** An event that took effect, and its signal as this viewer knew it just before (null when unknown). */
type AppliedHandler = (event: SignalEventPayload, previous: Signal | null) => void;
const appliedHandlers = new Set<AppliedHandler>();

/**
 * Hear each event that took effect while the feed runs (socket, gap or reconnection catch-up; not
 * the replay right after a load), for notices.
 */
export const onSignalApplied = (handler: AppliedHandler): (() => void) => {
  appliedHandlers.add(handler);
  return () => {
    appliedHandlers.delete(handler);
  };
};

/**
 * These versions of signals into every cached list and the home page's feed, in place (each list's
 * filters decide whether a signal belongs; an older version changes nothing).
 */
export const patchSignalLists = (signals: readonly Signal[]): void => {
  if (signals.length === 0) return;
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<SignalList>>({ queryKey: signalKeys.lists() })) {
    if (!data?.pages) continue;
    const filters = key[2] as SignalFilters | undefined;
    if (!filters) continue;
    let pages = data.pages;
    for (const signal of signals) pages = patchSignalPages(pages, signal, filters);
    if (pages !== data.pages) queryClient.setQueryData(key, { ...data, pages });
  }
  for (const [key, data] of queryClient.getQueriesData<SignalList>({ queryKey: [...signalKeys.all, 'latest'] })) {
    if (!data?.signals) continue;
    const limit = Number(key[2]);
    let rows = data.signals;
    for (const signal of signals) rows = patchSignalRows(rows, signal, { status: 'all' }, data.nextCursor === null);
    if (rows !== data.signals) queryClient.setQueryData(key, { ...data, signals: rows.slice(0, limit) });
  }
};

/**
 * An admin's write answered with the signal: the lists and the open signals show it at once (the
 * socket's event that follows changes nothing more there, and makes the timeline and the record stale).
 */
export const patchWrittenSignal = (signal: Signal): void => {
  patchSignalLists([signal]);
  queryClient.setQueryData<OpenSignalsData>(signalKeys.open(view), (data) => {
    if (!data) return data;
    const signals = upsertSignal(data.signals, signal);
    return signals === data.signals ? data : { ...data, signals };
  });
};

/** What these events make stale that no event carries whole: each signal's timeline, the record after a close. */
const markStale = (events: SignalEventPayload[]) => {
  for (const id of new Set(events.map((event) => event.signal._id))) void queryClient.invalidateQueries({ queryKey: signalKeys.detail(id) });
  if (events.some((event) => event.type === 'signal.closed' || event.type === 'signal.cancelled')) {
    void queryClient.invalidateQueries({ queryKey: signalKeys.stats() });
  }
};

/** Events took effect; `before`: the open signals as they were (what a moved stop moved from); `live`: tell the listeners. */
const announce = (events: SignalEventPayload[], before: readonly Signal[], live: boolean) => {
  if (events.length === 0) return;
  patchSignalLists(events.map((event) => event.signal));
  markStale(events);
  if (!live) return;
  const known = new Map(before.map((signal) => [signal._id, signal]));
  for (const event of events) {
    const previous = known.get(event.signal._id) ?? null;
    known.set(event.signal._id, event.signal);
    for (const handler of appliedHandlers) handler(event, previous);
  }
};

/** The events heard while loading, into a freshly read state (those its read included change nothing). */
const foldEarly = (state: OpenSignalsData, forView: number): OpenSignalsData => {
  if (forView !== view || early.pending.length === 0) return state;
  const applied: SignalEventPayload[] = [];
  let next = state;
  for (const event of early.pending) next = applySignalEvent(next, event, applied);
  early = emptyOpenSignals();
  announce(applied, state.signals, true);
  return next;
};

/**
 * One view's open signals: the newest signal first (a seq the open list read after it surely
 * includes), then every open one, then the events heard meanwhile, then the log after that seq
 * (quietly: that is the past).
 */
const loadOpen = async (forView: number, abort: AbortSignal): Promise<OpenSignalsData> => {
  loadingView = forView;
  try {
    const newest = await getSignals({ status: 'all' }, { limit: 1, signal: abort });
    const open = await getOpenSignals(abort);
    let state = foldEarly(seedSignals(emptyOpenSignals(), open, newest.signals[0]?.seq ?? 0), forView);
    try {
      for (let round = 0; round < 50; round += 1) {
        const page = await getSignalEvents(state.head, abort);
        const applied: SignalEventPayload[] = [];
        const before = state.signals;
        for (const event of page.events) state = applySignalEvent(state, event, applied);
        announce(applied, before, false);
        if (page.events.length < EVENTS_PAGE) break;
      }
      if (forView === view) catchUpFailed = false;
    } catch (error) {
      if (abort.aborted) throw error;
      // The list stands; the poll reads the log again.
      if (forView === view) catchUpFailed = true;
      console.warn('Signals catch-up failed', error);
    }
    return foldEarly(state, forView);
  } finally {
    if (loadingView === forView) loadingView = null;
  }
};

const openQuery = (forView: number) =>
  queryOptions({
    queryKey: signalKeys.open(forView),
    queryFn: ({ signal }) => loadOpen(forView, signal),
    // Kept current by the feed alone: never read again for a mount, a focus or a reconnection.
    staleTime: Infinity,
    gcTime: Infinity,
    // The feed tries again every few seconds by itself.
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });

const currentData = (): OpenSignalsData | undefined =>
  loadingView === view ? undefined : queryClient.getQueryData<OpenSignalsData>(signalKeys.open(view));

/** Read the log after `head` until it is exhausted (pages of EVENTS_PAGE); `live`: tell the listeners. */
const catchUp = (live: boolean): Promise<void> => {
  if (catchingUp) return catchingUp;
  const forView = view;
  const run = (async () => {
    try {
      for (let round = 0; round < 50; round += 1) {
        const start = currentData();
        if (!start) return;
        const page = await getSignalEvents(start.head);
        const before = currentData();
        if (forView !== view || !before) return;
        const applied: SignalEventPayload[] = [];
        let state = before;
        for (const event of page.events) state = applySignalEvent(state, event, applied);
        if (state !== before) queryClient.setQueryData(signalKeys.open(forView), state);
        catchUpFailed = false;
        announce(applied, before.signals, live);
        if (page.events.length < EVENTS_PAGE) return;
      }
    } catch (error) {
      if (forView !== view) return;
      catchUpFailed = true;
      console.warn('Signals catch-up failed', error);
    }
  })().finally(() => {
    if (catchingUp === run) catchingUp = null;
  });
  catchingUp = run;
  return run;
};

/** Read the current view's list unless it is there or on its way. */
const ensureLoaded = () => {
  const state = queryClient.getQueryState(signalKeys.open(view));
  if (state?.data !== undefined || state?.fetchStatus === 'fetching') return;
  queryClient.prefetchQuery(openQuery(view)).catch(() => undefined);
};

/** Start over for another viewer (or another view of the same one): a new view, read anew. */
const reload = () => {
  view += 1;
  early = emptyOpenSignals();
  loadingView = null;
  catchingUp = null;
  catchUpFailed = false;
  queryClient.removeQueries({ queryKey: signalKeys.opens(), predicate: (query) => query.queryKey[2] !== view });
  for (const listener of viewListeners) listener();
  ensureLoaded();
};

const receive = (event: SignalEventPayload) => {
  // The lists and the feed take the signal at once, whatever the open signals' state.
  patchSignalLists([event.signal]);
  const before = currentData();
  if (!before) {
    early = applySignalEvent(early, event);
    return;
  }
  const applied: SignalEventPayload[] = [];
  const after = applySignalEvent(before, event, applied);
  if (after !== before) queryClient.setQueryData(signalKeys.open(view), after);
  announce(applied, before.signals, true);
  if (after.gap) void catchUp(true);
};

/** What this viewer may see of signals, once the profile says (undefined while it does not). */
const accessOf = (user: SessionUser | null): string | undefined => {
  if (!user) return 'none';
  if (user.membershipEnd === undefined && user.role !== 'admin') return undefined;
  return signalAccessOf({ role: user.role, membershipTier: user.membershipTier, membershipEnd: user.membershipEnd ?? null, graceEndsAt: user.graceEndsAt ?? null });
};

const startFeed = (): (() => void) => {
  const releaseSocket = acquireRealtime();
  const offEvents = onSignalEvent(receive);
  let token = useSessionStore.getState().token;
  let access = accessOf(sessionUserIn(queryClient));
  let accessTimer: number | undefined;

  // An active membership that ends: what this viewer sees changes by itself at that moment.
  const watchAccessEnd = () => {
    window.clearTimeout(accessTimer);
    const user = sessionUserIn(queryClient);
    const endsAt = user && user.membershipEnd !== undefined ? signalAccessEndsAt({ ...user, membershipEnd: user.membershipEnd }) : null;
    if (endsAt === null) return;
    const wait = endsAt - Date.now() + 1_000;
    if (wait > 0 && wait < 2 ** 31 - 1) accessTimer = window.setTimeout(reload, wait);
  };

  // The viewer is the session's token and its user (the /auth/me answer, or the saved one before it).
  const onViewer = () => {
    const nextToken = useSessionStore.getState().token;
    const nextAccess = accessOf(sessionUserIn(queryClient));
    if (nextToken !== token) {
      // Another viewer: the server redacts by who asks, so start over.
      token = nextToken;
      access = nextAccess;
      reload();
    } else if (nextAccess !== undefined && access !== undefined && nextAccess !== access) {
      // The same viewer with other rights (a tier bought, a membership ended): read again.
      access = nextAccess;
      reload();
    } else if (nextAccess !== undefined) {
      access = nextAccess;
    }
    watchAccessEnd();
  };
  const offSession = useSessionStore.subscribe(onViewer);
  const meHash = hashKey(ME_KEY);
  const offMe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === meHash && event.type === 'updated') onViewer();
  });

  // Every (re)connection and every `chat:resync`: read what the socket may have missed.
  const offRealtime = useRealtimeStore.subscribe((state, previous) => {
    if (state.syncs !== previous.syncs && currentData()) void catchUp(true);
  });

  // While the socket is down (or the first load failed) read the log every 5 s, like the chat.
  const poll = window.setInterval(() => {
    const connected = useRealtimeStore.getState().status === 'connected';
    if (!currentData()) ensureLoaded();
    else if (!connected || catchUpFailed) void catchUp(true);
  }, LIMITS.conversationPollMs);

  // What an earlier run of the feed left is not current (nothing followed the socket since): read anew.
  if (queryClient.getQueryData(signalKeys.open(view)) !== undefined) reload();
  else ensureLoaded();
  watchAccessEnd();

  return () => {
    window.clearInterval(poll);
    window.clearTimeout(accessTimer);
    offRealtime();
    offSession();
    offMe();
    offEvents();
    releaseSocket();
  };
};

/** Keep the open signals current while held; the returned function lets go (the last one stops the feed). */
export const acquireSignalFeed: () => () => void = sharedWhileHeld(startFeed);

/** The open signals of the current view as the cache holds them, newest first; `loaded` once read, `failed` while the read fails. */
export function useOpenSignals() {
  const current = useSyncExternalStore(subscribeView, () => view, () => view);
  const query = useQuery({ ...openQuery(current), enabled: false });
  const data = query.data;
  return {
    signals: data?.signals ?? NO_SIGNALS,
    loaded: data !== undefined,
    failed: data === undefined && (query.isError || lastReadFailed(query)),
  };
}
const NO_SIGNALS: Signal[] = [];

/** Mount on a screen that shows the open signals: holds the feed while mounted, answers what it holds. */
export function useSignalFeed() {
  useEffect(() => acquireSignalFeed(), []);
  return useOpenSignals();
}
