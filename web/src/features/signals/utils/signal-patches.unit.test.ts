import { describe, expect, it } from 'vitest';

import { applySignalEvent, emptyOpenSignals, patchSignalPages, patchSignalRows, seedSignals, upsertSignal } from './signal-patches';
import type { OpenSignalsData } from './signal-patches';
import { closed, opened, signalAt, updated } from './test-signals';

const seeded = (state: Partial<OpenSignalsData> = {}): OpenSignalsData => ({ ...emptyOpenSignals(), loaded: true, ...state });
const ids = (state: OpenSignalsData) => state.signals.map((signal) => signal._id);

describe('the open signals, applied in seq order', () => {
  it('applies the event at head + 1, newest signal first, and moves the head', () => {
    let state = seeded();
    state = applySignalEvent(state, opened('a', 1));
    state = applySignalEvent(state, opened('b', 2));
    expect(ids(state)).toEqual(['b', 'a']);
    expect(state.head).toBe(2);
    expect(state.gap).toBe(false);
  });

  it('ignores an event at or below the head (a repeat, or one the catch-up brought already)', () => {
    const state = applySignalEvent(seeded(), opened('a', 1));
    const again = applySignalEvent(state, { ...opened('a', 1), signal: signalAt('a', 1, { entry: 1 }) });
    expect(again).toBe(state);
    expect(again.signals[0]!.entry).toBe(2384.2);
  });

  it('keeps a later version of a signal over an older one (an event at or below its seq changes nothing)', () => {
    const newer = signalAt('a', 5, { stopLoss: 2382 });
    expect(upsertSignal([newer], signalAt('a', 3, { stopLoss: 2380 }))[0]!.stopLoss).toBe(2382);
    expect(upsertSignal([newer], signalAt('a', 5, { stopLoss: 1 }))[0]!.stopLoss).toBe(2382);
    expect(upsertSignal([newer], signalAt('a', 6, { stopLoss: 2383 }))[0]!.stopLoss).toBe(2383);
  });

  it('replaces a signal on update and drops it once closed or cancelled', () => {
    let state = seeded();
    state = applySignalEvent(state, opened('a', 1));
    state = applySignalEvent(state, opened('b', 2));
    state = applySignalEvent(state, updated('a', 3, 1, { stopLoss: 2383 }));
    expect(state.signals.find((signal) => signal._id === 'a')!.stopLoss).toBe(2383);
    state = applySignalEvent(state, closed('a', 4, 1));
    expect(ids(state)).toEqual(['b']);
    state = applySignalEvent(state, { ...opened('b', 5), type: 'signal.cancelled', signal: { ...signalAt('b', 5), status: 'cancelled', outcome: 'cancelled' } });
    expect(ids(state)).toEqual([]);
    expect(state.head).toBe(5);
  });

  it('holds an event past a hole (a gap to read), then applies everything in order once the hole is filled', () => {
    let state = applySignalEvent(seeded(), opened('a', 1));
    const applied: number[] = [];
    state = applySignalEvent(state, closed('a', 3, 1));
    expect(state.gap).toBe(true);
    expect(state.head).toBe(1);
    expect(ids(state)).toEqual(['a']); // the close waits: seq 2 is missing
    const done: ReturnType<typeof opened>[] = [];
    state = applySignalEvent(state, opened('b', 2), done);
    applied.push(...done.map((event) => event.seq));
    expect(applied).toEqual([2, 3]);
    expect(state.gap).toBe(false);
    expect(state.head).toBe(3);
    expect(ids(state)).toEqual(['b']);
  });

  it('keeps events that arrive before the first load, and applies only those past what the load showed', () => {
    let state = emptyOpenSignals();
    state = applySignalEvent(state, opened('b', 2));
    state = applySignalEvent(state, closed('a', 3, 1));
    expect(state.signals).toEqual([]);
    const applied: ReturnType<typeof opened>[] = [];
    // the list was read after seq 2: it shows a and b; the close of a (3) is news
    state = seedSignals(state, [signalAt('b', 2), signalAt('a', 1)], 0, applied);
    expect(applied.map((event) => event.seq)).toEqual([3]);
    expect(ids(state)).toEqual(['b']);
    expect(state.head).toBe(3);
  });

  it('starts the head at the highest seq the load is known to include', () => {
    const state = seedSignals(emptyOpenSignals(), [signalAt('a', 4)], 9);
    expect(state.head).toBe(9);
    expect(seedSignals(emptyOpenSignals(), [signalAt('a', 4)], 0).head).toBe(4);
    expect(seedSignals(emptyOpenSignals(), [], 0).head).toBe(0);
  });
});

describe('a list patched by a signal event, as the server would list it now', () => {
  const rowIds = (rows: { _id: string }[]) => rows.map((row) => row._id);

  it('puts a new signal at its place, replaces a newer version, and takes out one that no longer matches', () => {
    const rows = [signalAt('c', 5), signalAt('a', 1)];
    expect(rowIds(patchSignalRows(rows, signalAt('d', 6), { status: 'open' }, false))).toEqual(['d', 'c', 'a']);
    expect(rowIds(patchSignalRows(rows, signalAt('b', 3), { status: 'all' }, false))).toEqual(['c', 'b', 'a']);
    expect(patchSignalRows(rows, signalAt('c', 7, { stopLoss: 1 }), { status: 'open' }, false)[0]!.stopLoss).toBe(1);
    expect(patchSignalRows(rows, signalAt('c', 4, { stopLoss: 1 }), { status: 'open' }, false)).toBe(rows);
    expect(rowIds(patchSignalRows(rows, closed('c', 8, 5).signal, { status: 'open' }, false))).toEqual(['a']);
    expect(rowIds(patchSignalRows(rows, closed('c', 8, 5).signal, { status: 'all' }, false))).toEqual(['c', 'a']);
  });

  it('leaves past the end of what was read what a later page holds, and keeps to the side asked for', () => {
    const rows = [signalAt('c', 5)];
    expect(patchSignalRows(rows, signalAt('a', 1), { status: 'all' }, false)).toBe(rows);
    expect(rowIds(patchSignalRows(rows, signalAt('a', 1), { status: 'all' }, true))).toEqual(['c', 'a']);
    expect(patchSignalRows(rows, signalAt('d', 6, { side: 'sell' }), { status: 'all', side: 'buy' }, true)).toBe(rows);
    // A side this viewer may not see (an open signal's, redacted) never matches a side asked for.
    expect(patchSignalRows(rows, signalAt('d', 6, { side: null }), { status: 'all', side: 'buy' }, true)).toBe(rows);
  });

  it('puts a signal on the page it belongs on, once', () => {
    const pages = [
      { signals: [signalAt('e', 9), signalAt('d', 7)], nextCursor: '7' },
      { signals: [signalAt('b', 3), signalAt('a', 1)], nextCursor: null },
    ];
    const patched = patchSignalPages(pages, signalAt('c', 5), { status: 'all' });
    expect(patched.map((page) => rowIds(page.signals))).toEqual([['e', 'd'], ['c', 'b', 'a']]);
    expect(patched[0]).toBe(pages[0]);
    expect(patchSignalPages(pages, signalAt('a', 0), { status: 'all' })).toBe(pages);
    expect(patchSignalPages(pages, closed('b', 10, 3).signal, { status: 'open' }).map((page) => rowIds(page.signals))).toEqual([['e', 'd'], ['a']]);
  });
});
