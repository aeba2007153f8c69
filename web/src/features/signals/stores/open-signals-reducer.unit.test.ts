import { describe, expect, it } from 'vitest';

import { applySignalEvent, emptyOpenSignals, seedSignals, upsertSignal } from './open-signals-reducer';
import type { OpenSignalsData } from './open-signals-reducer';
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
