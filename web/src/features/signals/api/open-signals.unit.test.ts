// @vitest-environment jsdom
import type { SignalEventPayload, SignalList } from '@le/contracts';
import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { loginAs } from '@/lib/test-fixtures';
import { queryClient } from '@/lib/query-client';
import { signalKeys } from './keys';
import { acquireSignalFeed, onSignalApplied, patchWrittenSignal } from './open-signals';
import type { OpenSignalsData } from './open-signals';
import { closed, opened, signalAt } from '@/features/signals/utils/test-signals';

const api = vi.hoisted(() => ({
  getSignals: vi.fn(),
  getOpenSignals: vi.fn(),
  getSignalEvents: vi.fn(),
}));
vi.mock('@/features/signals/api/signals', () => ({ ...api, EVENTS_PAGE: 500 }));

const socket = vi.hoisted(() => ({ handlers: new Set<(event: SignalEventPayload) => void>(), holders: 0 }));
vi.mock('@/lib/realtime-client', async () => {
  const { create } = await import('zustand');
  const useRealtimeStore = create(() => ({ status: 'connected', reason: null, wasConnected: true, syncs: 1 }));
  return {
    useRealtimeStore,
    acquireRealtime: () => {
      socket.holders += 1;
      return () => {
        socket.holders -= 1;
      };
    },
    onSignalEvent: (handler: (event: SignalEventPayload) => void) => {
      socket.handlers.add(handler);
      return () => socket.handlers.delete(handler);
    },
  };
});
const { useRealtimeStore } = await import('@/lib/realtime-client');

const push = (event: SignalEventPayload) => {
  for (const handler of socket.handlers) handler(event);
};
const list = (signals: SignalList['signals']): SignalList => ({ signals, nextCursor: null });
/** Let the feed's awaited reads answer. */
const settle = () => vi.advanceTimersByTimeAsync(0);
/** The open signals of the current view, as the query cache holds them. */
const open = (): OpenSignalsData => {
  const held = queryClient.getQueriesData<OpenSignalsData>({ queryKey: signalKeys.opens() }).filter(([, data]) => data !== undefined);
  expect(held).toHaveLength(1);
  return held[0]![1]!;
};
const ids = () => open().signals.map((signal) => signal._id);

describe('the signal feed', () => {
  let release: () => void;
  let applied: number[];
  let stopListening: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    useSessionStore.getState().clear();
    useRealtimeStore.setState({ status: 'connected', syncs: 1 });
    api.getSignals.mockResolvedValue(list([signalAt('a', 3)]));
    api.getOpenSignals.mockResolvedValue([signalAt('a', 3)]);
    api.getSignalEvents.mockResolvedValue({ events: [] });
    applied = [];
    stopListening = onSignalApplied((event) => applied.push(event.seq));
  });

  afterEach(() => {
    release?.();
    stopListening();
    queryClient.clear();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('seeds from the open list, holds the socket, then reads the log after the head (quietly: that is the past)', async () => {
    api.getSignalEvents.mockResolvedValueOnce({ events: [opened('b', 4)] });
    release = acquireSignalFeed();
    await settle();
    expect(socket.holders).toBe(1);
    expect(api.getOpenSignals).toHaveBeenCalledTimes(1);
    expect(api.getSignalEvents.mock.calls[0]![0]).toBe(3);
    expect(ids()).toEqual(['b', 'a']);
    expect(open().head).toBe(4);
    expect(applied).toEqual([]);
  });

  it('applies socket events in order and tells the listeners; a gap reads GET /signals/events?after=head', async () => {
    release = acquireSignalFeed();
    await settle();
    push(opened('b', 4));
    expect(ids()).toEqual(['b', 'a']);
    expect(applied).toEqual([4]);

    api.getSignalEvents.mockResolvedValueOnce({ events: [closed('a', 5, 3), opened('c', 6), opened('d', 7)] });
    push(opened('d', 7)); // 5 and 6 were missed
    expect(ids()).toEqual(['b', 'a']);
    await settle();
    expect(api.getSignalEvents.mock.lastCall![0]).toBe(4);
    expect(ids()).toEqual(['d', 'c', 'b']);
    expect(applied).toEqual([4, 5, 6, 7]);
  });

  it('reads the log after the head on every reconnection', async () => {
    release = acquireSignalFeed();
    await settle();
    api.getSignalEvents.mockClear();
    api.getSignalEvents.mockResolvedValueOnce({ events: [closed('a', 4, 3)] });
    useRealtimeStore.setState({ syncs: 2 });
    await settle();
    expect(api.getSignalEvents.mock.calls[0]![0]).toBe(3);
    expect(ids()).toEqual([]);
    expect(applied).toEqual([4]);
  });

  it('polls the log every 5 s while the socket is down, and stops once it is back', async () => {
    release = acquireSignalFeed();
    await settle();
    api.getSignalEvents.mockClear();
    useRealtimeStore.setState({ status: 'disconnected' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.getSignalEvents).toHaveBeenCalledTimes(2);
    useRealtimeStore.setState({ status: 'connected' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.getSignalEvents).toHaveBeenCalledTimes(2);
  });

  it('starts over for another viewer (the server redacts by who asks)', async () => {
    release = acquireSignalFeed();
    await settle();
    expect(open().signals[0]!.side).toBe('buy');
    api.getOpenSignals.mockResolvedValueOnce([signalAt('a', 3, { side: null, entry: null, stopLoss: null, takeProfits: null })]);
    useSessionStore.getState().signIn(loginAs('trial'));
    await settle();
    expect(api.getOpenSignals).toHaveBeenCalledTimes(2);
    expect(open().signals[0]!.side).toBeNull();
  });

  it('is one feed however many screens hold it', async () => {
    release = acquireSignalFeed();
    const second = acquireSignalFeed();
    await settle();
    expect(socket.holders).toBe(1);
    expect(api.getOpenSignals).toHaveBeenCalledTimes(1);
    second();
    expect(socket.holders).toBe(1);
    release();
    expect(socket.holders).toBe(0);
  });

  it('patches the lists and the home feed in place from the event, with no GET (the event carries the signal in this view)', async () => {
    const page = (signals: SignalList['signals'], nextCursor: string | null = null): SignalList => ({ signals, nextCursor });
    // Screens watching the lists: an invalidation would read them again at once.
    const openList = new InfiniteQueryObserver<SignalList, Error, InfiniteData<SignalList>, readonly unknown[], string | null>(queryClient, {
      queryKey: signalKeys.list({ status: 'open' }),
      queryFn: () => api.getSignals({ status: 'open' }),
      initialPageParam: null,
      getNextPageParam: (last) => last.nextCursor,
    });
    const closedList = new InfiniteQueryObserver<SignalList, Error, InfiniteData<SignalList>, readonly unknown[], string | null>(queryClient, {
      queryKey: signalKeys.list({ status: 'closed', side: 'buy' }),
      queryFn: () => api.getSignals({ status: 'closed', side: 'buy' }),
      initialPageParam: null,
      getNextPageParam: (last) => last.nextCursor,
    });
    const feed = new QueryObserver<SignalList>(queryClient, {
      queryKey: signalKeys.latest(2),
      queryFn: () => api.getSignals({ status: 'all' }, { limit: 2 }),
    });
    api.getSignals.mockImplementation(async (filters: { status: string }) =>
      filters.status === 'closed' ? page([]) : filters.status === 'open' ? page([signalAt('a', 3)]) : page([signalAt('a', 3), signalAt('z', 1, { status: 'closed' })], 'cursor'),
    );
    const offs = [openList, closedList, feed].map((observer) => observer.subscribe(() => undefined));
    release = acquireSignalFeed();
    await settle();
    const reads = api.getSignals.mock.calls.length + api.getOpenSignals.mock.calls.length + api.getSignalEvents.mock.calls.length;

    push(opened('b', 4));
    push(closed('a', 5, 3));
    await settle();

    expect(api.getSignals.mock.calls.length + api.getOpenSignals.mock.calls.length + api.getSignalEvents.mock.calls.length).toBe(reads);
    expect(openList.getCurrentResult().data!.pages[0]!.signals.map((signal) => signal._id)).toEqual(['b']);
    expect(closedList.getCurrentResult().data!.pages[0]!.signals.map((signal) => [signal._id, signal.status])).toEqual([['a', 'closed']]);
    // The newest two of every status: the new one on top, the closed one in its place, no third row.
    expect(feed.getCurrentResult().data!.signals.map((signal) => [signal._id, signal.status])).toEqual([
      ['b', 'open'],
      ['a', 'closed'],
    ]);
    expect(ids()).toEqual(['b']);
    for (const off of offs) off();
  });

  it('shows an admin write at once from its answer, and the event that follows changes nothing more', async () => {
    release = acquireSignalFeed();
    await settle();
    patchWrittenSignal(signalAt('b', 4));
    expect(ids()).toEqual(['b', 'a']);
    push(opened('b', 4));
    expect(ids()).toEqual(['b', 'a']);
    expect(open().head).toBe(4);
    expect(api.getOpenSignals).toHaveBeenCalledTimes(1);
  });
});
