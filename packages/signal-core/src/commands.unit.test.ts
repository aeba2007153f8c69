import { SIGNAL_RULES } from '@le/contracts';
import { describe, expect, it } from 'vitest';
import { RuleError } from '@le/event-kit';
import { decideCancel, decideClose, decideOpen, decideUpdate, type OpenSignal, type SignalActor } from './commands';
import type { NewSignalEvent, SignalEvent } from './events';
import { rebuildSignals, type SignalDoc } from './projection';
import { admin, member } from './test-fixtures';

/** Given these events, when this command is decided, then this event (or this refusal). */
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const given = (...decided: NewSignalEvent[]): SignalEvent[] => decided.map((event, index) => ({ ...event, _id: `e${index}`, seq: index + 1 }) as SignalEvent);
const stateOf = (events: SignalEvent[], id = 's1'): { signal: SignalDoc | null } => ({ signal: rebuildSignals(events).get(id) ?? null });

const BUY = { side: 'buy' as const, entry: 2380, stopLoss: 2370, takeProfits: [2390, 2400, 2410] };
const SELL = { side: 'sell' as const, entry: 2380, stopLoss: 2390, takeProfits: [2370, 2360] };

const opened = (levels: Pick<OpenSignal, 'side' | 'entry' | 'stopLoss' | 'takeProfits'> = BUY, options: { ms?: number; analysis?: string | null; by?: SignalActor } = {}) =>
  decideOpen({ actor: options.by ?? admin, signalId: 's1', ...levels, analysis: options.analysis, now: at(options.ms ?? 0) });
const closedAt = (events: SignalEvent[], exitPrice: number, ms = 60_000) => decideClose({ actor: admin, signalId: 's1', exitPrice, now: at(ms) }, stateOf(events));
const cancelledAt = (events: SignalEvent[], ms: number, by: SignalActor = admin) => decideCancel({ actor: by, signalId: 's1', now: at(ms) }, stateOf(events));

/** The refusal as the API meets it: its kind (the status) and its code. */
const refusal = (decide: () => unknown): { kind: string; code: string } => {
  try {
    decide();
  } catch (error) {
    if (error instanceof RuleError) return { kind: error.kind, code: error.code ?? '' };
    throw error;
  }
  throw new Error('the command was accepted');
};
const badLevels = { kind: 'invalid', code: 'BAD_LEVELS' };
const finished = { kind: 'conflict', code: 'SIGNAL_FINISHED' };
const forbidden = { kind: 'forbidden', code: 'ADMIN_ONLY' };

describe('OpenSignal', () => {
  it('given an admin and sensible buy levels, when opening, then signal.opened with the levels, trimmed analysis and author', () => {
    expect(opened(BUY, { analysis: '  Breakout above 2375 \n' })).toEqual({
      type: 'signal.opened',
      stream: 'signals',
      actorId: 'admin',
      at: at(0),
      data: { signalId: 's1', side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390, 2400, 2410], analysis: 'Breakout above 2375', author: { _id: 'admin', name: 'Ayu' } },
    });
  });

  it('given a sell with the mirrored levels, when opening, then accepted; a blank or missing analysis is none', () => {
    expect(opened(SELL, { analysis: '   ' }).data).toMatchObject({ side: 'sell', takeProfits: [2370, 2360], analysis: null });
    expect(opened(SELL).data).toMatchObject({ analysis: null });
  });

  it('given the targets array, when opening, then the event holds its own copy', () => {
    const takeProfits = [2390];
    const event = decideOpen({ actor: admin, signalId: 's1', side: 'buy', entry: 2380, stopLoss: 2370, takeProfits, now: at(0) });
    takeProfits.push(2400);
    expect(event.data).toMatchObject({ takeProfits: [2390] });
  });

  it('given a member who is not an admin, when opening, then 403 forbidden', () => {
    expect(refusal(() => opened(BUY, { by: member }))).toEqual(forbidden);
  });

  it('given a buy whose stop is at or above the entry, when opening, then invalid', () => {
    expect(refusal(() => opened({ ...BUY, stopLoss: 2385 }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, stopLoss: 2380 }))).toEqual(badLevels);
  });

  it('given a buy with a target at or below the entry, or targets not ascending, when opening, then invalid', () => {
    expect(refusal(() => opened({ ...BUY, takeProfits: [2380] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, takeProfits: [2375, 2400] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, takeProfits: [2400, 2390] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, takeProfits: [2390, 2390] }))).toEqual(badLevels);
  });

  it('given a sell with the buy ordering (stop below, targets above, or targets ascending), when opening, then invalid', () => {
    expect(refusal(() => opened({ ...SELL, stopLoss: 2370 }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...SELL, takeProfits: [2390] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...SELL, takeProfits: [2360, 2370] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...SELL, takeProfits: [2370, 2370] }))).toEqual(badLevels);
  });

  it('given no target or 4 targets, when opening, then invalid; 1 and 3 are accepted', () => {
    expect(refusal(() => opened({ ...BUY, takeProfits: [] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, takeProfits: [2390, 2400, 2410, 2420] }))).toEqual(badLevels);
    expect(opened({ ...BUY, takeProfits: [2390] }).type).toBe('signal.opened');
    expect(opened({ ...BUY, takeProfits: [2390, 2400, 2410] }).type).toBe('signal.opened');
  });

  it('given a price with 3 decimals, 0, a negative, 1,000,000 or not finite, when opening, then invalid wherever it stands', () => {
    for (const bad of [2380.125, 0, -5, 1_000_000, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refusal(() => opened({ ...BUY, entry: bad }))).toEqual(badLevels);
    }
    expect(refusal(() => opened({ ...BUY, stopLoss: 2370.005 }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, stopLoss: 0 }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, takeProfits: [2390, 2400.001] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...BUY, takeProfits: [2390, 1_000_000] }))).toEqual(badLevels);
    expect(refusal(() => opened({ ...SELL, stopLoss: 1_000_000 }))).toEqual(badLevels);
  });

  it('given prices at the bounds with 2 decimals, when opening, then accepted', () => {
    expect(opened({ side: 'buy', entry: 0.02, stopLoss: 0.01, takeProfits: [999_999.99] }).type).toBe('signal.opened');
    expect(opened({ side: 'buy', entry: 2380.1, stopLoss: 2370.07, takeProfits: [2385.55] }).type).toBe('signal.opened');
  });

  it('given an analysis over the limit, when opening, then invalid; at the limit, accepted', () => {
    expect(refusal(() => opened(BUY, { analysis: 'x'.repeat(SIGNAL_RULES.analysisMax + 1) }))).toEqual({ kind: 'invalid', code: 'ANALYSIS_TOO_LONG' });
    expect(opened(BUY, { analysis: 'x'.repeat(SIGNAL_RULES.analysisMax) }).type).toBe('signal.opened');
  });
});

describe('UpdateSignal', () => {
  const history = given(opened(BUY, { analysis: 'first read' }));
  const update = (events: SignalEvent[], changes: { stopLoss?: number; takeProfits?: number[]; analysis?: string | null }, by: SignalActor = admin) =>
    decideUpdate({ actor: by, signalId: 's1', ...changes, now: at(30_000) }, stateOf(events));

  it('given an open signal, when moving the stop, then signal.updated with only the stop', () => {
    expect(update(history, { stopLoss: 2375 })).toEqual({ type: 'signal.updated', stream: 'signals', actorId: 'admin', at: at(30_000), data: { signalId: 's1', stopLoss: 2375 } });
  });

  it('given an open signal, when changing targets and analysis together, then only what changed is in the event', () => {
    expect(update(history, { stopLoss: 2370, takeProfits: [2395], analysis: '  second read ' })?.data).toEqual({ signalId: 's1', takeProfits: [2395], analysis: 'second read' });
    expect(update(history, { analysis: '' })?.data).toEqual({ signalId: 's1', analysis: null });
    expect(update(history, { analysis: null })?.data).toEqual({ signalId: 's1', analysis: null });
  });

  it('given no real change (same stop, same targets, same trimmed analysis, or nothing), when updating, then null', () => {
    expect(update(history, { stopLoss: 2370, takeProfits: [2390, 2400, 2410], analysis: ' first read ' })).toBeNull();
    expect(update(history, {})).toBeNull();
    const noAnalysis = given(opened(BUY));
    expect(update(noAnalysis, { analysis: '   ' })).toBeNull();
    expect(update(noAnalysis, { analysis: null })).toBeNull();
  });

  it('given an open buy, when moving the stop to the entry (break-even) or past it short of TP1, then accepted', () => {
    expect(update(history, { stopLoss: 2380 })?.data).toEqual({ signalId: 's1', stopLoss: 2380 });
    expect(update(history, { stopLoss: 2385.5 })?.data).toEqual({ signalId: 's1', stopLoss: 2385.5 });
    expect(update(history, { stopLoss: 2389.99 })?.data).toEqual({ signalId: 's1', stopLoss: 2389.99 });
    // Trailing: a stop already past the entry moves on, with the targets moved beyond it.
    const trailed = given(opened(BUY), update(history, { stopLoss: 2385 })!);
    expect(update(trailed, { stopLoss: 2395, takeProfits: [2400, 2410] })?.data).toEqual({ signalId: 's1', stopLoss: 2395, takeProfits: [2400, 2410] });
  });

  it('given an open sell, when moving the stop to the entry or below it short of TP1, then accepted (the mirror)', () => {
    const sell = given(opened(SELL));
    expect(update(sell, { stopLoss: 2380 })?.data).toEqual({ signalId: 's1', stopLoss: 2380 });
    expect(update(sell, { stopLoss: 2375 })?.data).toEqual({ signalId: 's1', stopLoss: 2375 });
  });

  it('given a stop moved to or past the first target, or targets that break the order, when updating, then invalid', () => {
    expect(refusal(() => update(history, { stopLoss: 2390 }))).toEqual(badLevels);
    expect(refusal(() => update(history, { stopLoss: 2390.5 }))).toEqual(badLevels);
    expect(refusal(() => update(history, { stopLoss: 2385, takeProfits: [2384] }))).toEqual(badLevels);
    expect(refusal(() => update(history, { takeProfits: [2400, 2395] }))).toEqual(badLevels);
    expect(refusal(() => update(history, { takeProfits: [2379] }))).toEqual(badLevels);
    expect(refusal(() => update(history, { takeProfits: [2390, 2400, 2410, 2420] }))).toEqual(badLevels);
    expect(refusal(() => update(history, { stopLoss: 2370.123 }))).toEqual(badLevels);
    const sell = given(opened(SELL));
    expect(refusal(() => update(sell, { stopLoss: 2370 }))).toEqual(badLevels);
    expect(refusal(() => update(sell, { stopLoss: 2365 }))).toEqual(badLevels);
    expect(refusal(() => update(sell, { takeProfits: [2360, 2370] }))).toEqual(badLevels);
    expect(update(sell, { stopLoss: 2385, takeProfits: [2375, 2350, 2340] })?.data).toEqual({ signalId: 's1', stopLoss: 2385, takeProfits: [2375, 2350, 2340] });
  });

  it('given a member, when updating, then 403 forbidden', () => {
    expect(refusal(() => update(history, { stopLoss: 2375 }, member))).toEqual(forbidden);
  });

  it('given a closed or a cancelled signal, when updating (even with no change), then 409 conflict', () => {
    const closed = given(opened(), closedAt(history, 2395));
    const cancelled = given(opened(), cancelledAt(history, 1000));
    expect(refusal(() => update(closed, { stopLoss: 2375 }))).toEqual(finished);
    expect(refusal(() => update(closed, {}))).toEqual(finished);
    expect(refusal(() => update(cancelled, { analysis: 'late' }))).toEqual(finished);
  });

  it('given an unknown signal, when updating, then not found', () => {
    expect(refusal(() => decideUpdate({ actor: admin, signalId: 'nope', stopLoss: 2375, now: at(0) }, { signal: null }))).toEqual({ kind: 'not_found', code: 'SIGNAL_NOT_FOUND' });
  });
});

describe('CloseSignal', () => {
  const buy = given(opened(BUY));
  const sell = given(opened(SELL));
  const close = (events: SignalEvent[], exitPrice: number) => closedAt(events, exitPrice).data as { exitPrice: number; pips: number; outcome: string };

  it('given an open buy at 2380.00, when closing at 2385.50, then signal.closed with 55 pips', () => {
    expect(closedAt(buy, 2385.5)).toEqual({ type: 'signal.closed', stream: 'signals', actorId: 'admin', at: at(60_000), data: { signalId: 's1', exitPrice: 2385.5, pips: 55, outcome: 'manual' } });
  });

  it('given an open sell at 2380, when closing at 2390, then -100 pips', () => {
    expect(close(sell, 2390).pips).toBe(-100);
  });

  it('given prices whose float difference is not exact, when closing, then pips are rounded to one decimal', () => {
    expect(close(buy, 2384.27).pips).toBe(42.7);
    expect(close(sell, 2384.27).pips).toBe(-42.7);
    expect(close(given(opened({ side: 'buy', entry: 2380.1, stopLoss: 2370, takeProfits: [2390] })), 2380.3).pips).toBe(2);
    expect(close(given(opened({ side: 'buy', entry: 1.1, stopLoss: 1, takeProfits: [2] })), 1.3).pips).toBe(2);
    expect(close(given(opened({ side: 'sell', entry: 2384.27, stopLoss: 2390, takeProfits: [2370] })), 2380.01).pips).toBe(42.6);
    expect(close(buy, 2380).pips).toBe(0);
  });

  it('given a buy, when closing exactly at TP1 or beyond, then tp; exactly at SL or beyond, then sl; between, manual', () => {
    expect(close(buy, 2390)).toEqual({ signalId: 's1', exitPrice: 2390, pips: 100, outcome: 'tp' });
    expect(close(buy, 2415).outcome).toBe('tp');
    expect(close(buy, 2370)).toEqual({ signalId: 's1', exitPrice: 2370, pips: -100, outcome: 'sl' });
    expect(close(buy, 2360.5).outcome).toBe('sl');
    expect(close(buy, 2389.99).outcome).toBe('manual');
    expect(close(buy, 2370.01).outcome).toBe('manual');
    expect(close(buy, 2380).outcome).toBe('manual');
  });

  it('given a sell, when closing exactly at TP1 or below it, then tp; exactly at SL or above it, then sl; between, manual', () => {
    expect(close(sell, 2370)).toEqual({ signalId: 's1', exitPrice: 2370, pips: 100, outcome: 'tp' });
    expect(close(sell, 2350).outcome).toBe('tp');
    expect(close(sell, 2390)).toEqual({ signalId: 's1', exitPrice: 2390, pips: -100, outcome: 'sl' });
    expect(close(sell, 2400).outcome).toBe('sl');
    expect(close(sell, 2370.01).outcome).toBe('manual');
    expect(close(sell, 2389.99).outcome).toBe('manual');
  });

  it('given a moved stop, when closing at the new stop, then sl against the levels as they are now', () => {
    const trailed = given(opened(BUY), decideUpdate({ actor: admin, signalId: 's1', stopLoss: 2379.5, takeProfits: [2395], now: at(1000) }, stateOf(buy))!);
    expect(close(trailed, 2379.5)).toEqual({ signalId: 's1', exitPrice: 2379.5, pips: -5, outcome: 'sl' });
    expect(close(trailed, 2390).outcome).toBe('manual');
    expect(close(trailed, 2395).outcome).toBe('tp');
  });

  it('given a stop moved to break-even, when closing at the entry or past it against the trade, then sl with 0 or negative pips (break-even, loss)', () => {
    const even = given(opened(BUY), decideUpdate({ actor: admin, signalId: 's1', stopLoss: 2380, now: at(1000) }, stateOf(buy))!);
    expect(close(even, 2380)).toEqual({ signalId: 's1', exitPrice: 2380, pips: 0, outcome: 'sl' });
    expect(close(even, 2379.9)).toEqual({ signalId: 's1', exitPrice: 2379.9, pips: -1, outcome: 'sl' });
    expect(close(even, 2380.01)).toEqual({ signalId: 's1', exitPrice: 2380.01, pips: 0.1, outcome: 'manual' });
  });

  it('given a stop trailed past the entry, when closing at it, then sl with the pips it locked in (a win by pips)', () => {
    const locked = given(opened(BUY), decideUpdate({ actor: admin, signalId: 's1', stopLoss: 2385, now: at(1000) }, stateOf(buy))!);
    expect(close(locked, 2385)).toEqual({ signalId: 's1', exitPrice: 2385, pips: 50, outcome: 'sl' });
    expect(close(locked, 2382)).toEqual({ signalId: 's1', exitPrice: 2382, pips: 20, outcome: 'sl' });
    expect(close(locked, 2387).outcome).toBe('manual');
    const sellState = given(opened(SELL));
    const sellLocked = given(opened(SELL), decideUpdate({ actor: admin, signalId: 's1', stopLoss: 2376, now: at(1000) }, stateOf(sellState))!);
    expect(close(sellLocked, 2376)).toEqual({ signalId: 's1', exitPrice: 2376, pips: 40, outcome: 'sl' });
    expect(close(sellLocked, 2370).outcome).toBe('tp');
  });

  it('given an exit price that is not a price, when closing, then invalid', () => {
    for (const bad of [0, -1, 1_000_000, 2385.555, Number.NaN]) {
      expect(refusal(() => closedAt(buy, bad))).toEqual({ kind: 'invalid', code: 'BAD_PRICE' });
    }
  });

  it('given a member, when closing, then 403 forbidden', () => {
    expect(refusal(() => decideClose({ actor: member, signalId: 's1', exitPrice: 2390, now: at(0) }, stateOf(buy)))).toEqual(forbidden);
  });

  it('given a closed or cancelled signal, when closing again, then 409 conflict', () => {
    const closed = given(opened(BUY), closedAt(buy, 2390));
    const cancelled = given(opened(BUY), cancelledAt(buy, 1000));
    expect(refusal(() => closedAt(closed, 2400))).toEqual(finished);
    expect(refusal(() => closedAt(cancelled, 2400))).toEqual(finished);
  });

  it('given an unknown signal, when closing, then not found', () => {
    expect(refusal(() => decideClose({ actor: admin, signalId: 'nope', exitPrice: 2390, now: at(0) }, { signal: null }))).toEqual({ kind: 'not_found', code: 'SIGNAL_NOT_FOUND' });
  });
});

describe('CancelSignal', () => {
  const history = given(opened(BUY, { ms: 0 }));
  const window = SIGNAL_RULES.cancelWindowMs;

  it('given a signal opened 5:00 ago exactly, when cancelling, then signal.cancelled', () => {
    expect(window).toBe(5 * 60_000);
    expect(cancelledAt(history, window)).toEqual({ type: 'signal.cancelled', stream: 'signals', actorId: 'admin', at: at(window), data: { signalId: 's1' } });
    expect(cancelledAt(history, 0).type).toBe('signal.cancelled');
  });

  it('given a signal opened 5:00.001 ago, when cancelling, then 409 conflict: it must be closed at a price', () => {
    expect(refusal(() => cancelledAt(history, window + 1))).toEqual({ kind: 'conflict', code: 'CANCEL_WINDOW_CLOSED' });
    expect(refusal(() => cancelledAt(history, 3_600_000))).toEqual({ kind: 'conflict', code: 'CANCEL_WINDOW_CLOSED' });
  });

  it('given an update since opening, when cancelling, then the window still counts from the opening', () => {
    const updated = given(opened(BUY), decideUpdate({ actor: admin, signalId: 's1', stopLoss: 2375, now: at(window - 1000) }, stateOf(history))!);
    expect(stateOf(updated).signal?.updatedAt).toBe(at(window - 1000));
    expect(refusal(() => cancelledAt(updated, window + 1))).toEqual({ kind: 'conflict', code: 'CANCEL_WINDOW_CLOSED' });
  });

  it('given a member, when cancelling, then 403 forbidden', () => {
    expect(refusal(() => cancelledAt(history, 1000, member))).toEqual(forbidden);
  });

  it('given a closed or cancelled signal, when cancelling within the window, then 409 conflict', () => {
    const closed = given(opened(BUY), closedAt(history, 2390, 1000));
    const cancelled = given(opened(BUY), cancelledAt(history, 1000));
    expect(refusal(() => cancelledAt(closed, 2000))).toEqual(finished);
    expect(refusal(() => cancelledAt(cancelled, 2000))).toEqual(finished);
  });

  it('given an unknown signal, when cancelling, then not found', () => {
    expect(refusal(() => decideCancel({ actor: admin, signalId: 'nope', now: at(0) }, { signal: null }))).toEqual({ kind: 'not_found', code: 'SIGNAL_NOT_FOUND' });
  });
});
