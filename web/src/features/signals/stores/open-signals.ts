import { LIMITS, signalAccessEndsAt, signalAccessOf } from '@le/contracts';
import type { Signal, SignalEventPayload } from '@le/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';

import { queryClient } from '@/lib/query-client';
import { acquireRealtime, onSignalEvent, useRealtimeStore } from '@/lib/realtime-client';
import { useSessionStore } from '@/stores/session-store';
import type { SessionUser } from '@/stores/session-store';

import { EVENTS_PAGE, getOpenSignals, getSignalEvents, getSignals } from '@/features/signals/api/signals';
import { signalKeys } from '@/features/signals/api/keys';
import { applySignalEvent, emptyOpenSignals, seedSignals } from './open-signals-reducer';
import type { OpenSignalsData } from './open-signals-reducer';

export type { OpenSignalsData } from './open-signals-reducer';

interface OpenSignalsState extends OpenSignalsData {
  /** The last load or catch-up failed (cleared by the next success). */
  failed: boolean;
  /** Apply one event; returns the events that took effect, in seq order (this one and any it unblocked). */
  apply: (event: SignalEventPayload) => SignalEventPayload[];
  /** Apply a page of the log (ascending); returns the events that took effect. */
  applyAll: (events: SignalEventPayload[]) => SignalEventPayload[];
  /** Start from the open list read just now (`head`: a seq the list is known to include, 0 if none). */
  seed: (signals: Signal[], head?: number) => SignalEventPayload[];
  /** Forget everything (another viewer: what one may see differs). */
  reset: () => void;
}

const pick = (state: OpenSignalsState): OpenSignalsData => ({
  signals: state.signals,
  head: state.head,
  loaded: state.loaded,
  pending: state.pending,
  gap: state.gap,
});

/** The open signals as this viewer sees them (see open-signals-reducer.ts for the rules of order). */
export const useOpenSignals = create<OpenSignalsState>()((set, get) => ({
  ...emptyOpenSignals(),
  failed: false,

  apply: (event) => {
    const applied: SignalEventPayload[] = [];
    const before = pick(get());
    const after = applySignalEvent(before, event, applied);
    if (after !== before) set(after);
    return applied;
  },

  applyAll: (events) => {
    const applied: SignalEventPayload[] = [];
    let state = pick(get());
    for (const event of events) state = applySignalEvent(state, event, applied);
    set(state);
    return applied;
  },

  seed: (signals, head = 0) => {
    const applied: SignalEventPayload[] = [];
    set(seedSignals(pick(get()), signals, head, applied));
    return applied;
  },

  reset: () => set({ ...emptyOpenSignals(), failed: false }),
}));

/** The number of open signals this viewer knows of (the tab title, the badges). */
export const useOpenSignalCount = () => useOpenSignals((state) => state.signals.length);

/* The feed: one per tab however many screens mount it (the shell, /live). */

type AppliedHandler = (event: SignalEventPayload) => void;
const appliedHandlers = new Set<AppliedHandler>();

/**
 * Hear each event that took effect while the feed runs (socket, gap or reconnection catch-up; not
 * the replay right after a load), for notices. The API's lists and record are refreshed by the feed.
 */
export const onSignalApplied = (handler: AppliedHandler): (() => void) => {
  appliedHandlers.add(handler);
  return () => {
    appliedHandlers.delete(handler);
  };
};

/** Bumped on every reset and reload, so replies meant for an earlier viewer or load are dropped. */
let generation = 0;
let loading: Promise<void> | null = null;
let catchingUp: Promise<void> | null = null;

/** The cached reads this event makes stale: the lists, this signal's timeline, the record after a close. */
const refreshQueries = (events: SignalEventPayload[]) => {
  if (events.length === 0) return;
  void queryClient.invalidateQueries({ queryKey: signalKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: signalKeys.open() });
  for (const id of new Set(events.map((event) => event.signal._id))) void queryClient.invalidateQueries({ queryKey: signalKeys.detail(id) });
  if (events.some((event) => event.type === 'signal.closed' || event.type === 'signal.cancelled')) {
    void queryClient.invalidateQueries({ queryKey: signalKeys.stats() });
  }
};

const announce = (events: SignalEventPayload[]) => {
  refreshQueries(events);
  for (const event of events) for (const handler of appliedHandlers) handler(event);
};

/** Read the log after `head` until it is exhausted (pages of EVENTS_PAGE); `live`: tell the listeners. */
const catchUp = (live: boolean): Promise<void> => {
  if (catchingUp) return catchingUp;
  const started = generation;
  const run = (async () => {
    try {
      for (let round = 0; round < 50; round += 1) {
        const { loaded, head } = useOpenSignals.getState();
        if (!loaded) return;
        const page = await getSignalEvents(head);
        if (started !== generation) return;
        const applied = useOpenSignals.getState().applyAll(page.events);
        useOpenSignals.setState({ failed: false });
        if (live) announce(applied);
        else refreshQueries(applied);
        if (page.events.length < EVENTS_PAGE) return;
      }
    } catch (error) {
      if (started !== generation) return;
      useOpenSignals.setState({ failed: true });
      console.warn('Signals catch-up failed', error);
    }
  })().finally(() => {
    if (catchingUp === run) catchingUp = null;
  });
  catchingUp = run;
  return run;
};

/**
 * Load the open signals for the current viewer: the newest signal first (a seq the open list read after
 * it surely includes), then every open one, then the log after that seq (quietly: that is the past).
 */
const load = (): Promise<void> => {
  if (loading) return loading;
  const started = generation;
  const run = (async () => {
    try {
      const newest = await getSignals({ status: 'all' }, { limit: 1 });
      const open = await getOpenSignals();
      if (started !== generation) return;
      // Socket events that arrived meanwhile and lie past the list's head take effect here.
      announce(useOpenSignals.getState().seed(open, newest.signals[0]?.seq ?? 0));
      useOpenSignals.setState({ failed: false });
    } catch (error) {
      if (started !== generation) return;
      useOpenSignals.setState({ failed: true });
      console.warn('Could not load the open signals', error);
      return;
    }
    await catchUp(false);
  })().finally(() => {
    if (loading === run) loading = null;
  });
  loading = run;
  return run;
};

/** Start over for another viewer (or another view of the same one): forget, then load again. */
const reload = () => {
  generation += 1;
  loading = null;
  catchingUp = null;
  useOpenSignals.getState().reset();
  void load();
};

const receive = (event: SignalEventPayload) => {
  const store = useOpenSignals.getState();
  const applied = store.apply(event);
  announce(applied);
  if (useOpenSignals.getState().gap && useOpenSignals.getState().loaded) void catchUp(true);
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
  let access = accessOf(useSessionStore.getState().user);
  let accessTimer: number | undefined;

  // An active membership that ends: what this viewer sees changes by itself at that moment.
  const watchAccessEnd = () => {
    window.clearTimeout(accessTimer);
    const user = useSessionStore.getState().user;
    const endsAt = user && user.membershipEnd !== undefined ? signalAccessEndsAt({ ...user, membershipEnd: user.membershipEnd }) : null;
    if (endsAt === null) return;
    const wait = endsAt - Date.now() + 1_000;
    if (wait > 0 && wait < 2 ** 31 - 1) accessTimer = window.setTimeout(reload, wait);
  };

  const offSession = useSessionStore.subscribe((state) => {
    const nextAccess = accessOf(state.user);
    if (state.token !== token) {
      // Another viewer: the server redacts by who asks, so start over.
      token = state.token;
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
  });

  // Every (re)connection and every `chat:resync`: read what the socket may have missed.
  const offRealtime = useRealtimeStore.subscribe((state, previous) => {
    if (state.syncs !== previous.syncs && useOpenSignals.getState().loaded) void catchUp(true);
  });

  // While the socket is down (or the first load failed) read the log every 5 s, like the chat.
  const poll = window.setInterval(() => {
    const connected = useRealtimeStore.getState().status === 'connected';
    const { loaded, failed } = useOpenSignals.getState();
    if (!loaded) void load();
    else if (!connected || failed) void catchUp(true);
  }, LIMITS.conversationPollMs);

  reload();
  watchAccessEnd();

  return () => {
    window.clearInterval(poll);
    window.clearTimeout(accessTimer);
    offRealtime();
    offSession();
    offEvents();
    releaseSocket();
    generation += 1;
  };
};

let holders = 0;
let stopFeed: (() => void) | null = null;

/** Keep the open signals current while held; the returned function lets go (the last one stops the feed). */
export const acquireSignalFeed = (): (() => void) => {
  holders += 1;
  if (holders === 1) stopFeed = startFeed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      stopFeed?.();
      stopFeed = null;
    }
  };
};

/**
 * Mount on a screen that shows the open signals: seeded from `GET /signals?status=open`, then the
 * `signal:event`s of the socket in seq order; a gap, a reconnection or a resync reads
 * `GET /signals/events?after=head`; while the socket is down that log is polled; a new viewer starts over.
 */
export function useSignalFeed() {
  useEffect(() => acquireSignalFeed(), []);
  return useOpenSignals((state) => state.signals);
}
