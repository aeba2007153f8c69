import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideCancel, decideClose, decideOpen, decideUpdate, type SignalActor } from './commands';
import type { NewSignalEvent, SignalEvent } from './events';
import { rebuildSignals, type SignalDoc } from './projection';
import { recordOf, statsOf, tradeOf, wilsonInterval, type ClosedTrade } from './stats';
import { signalDoc } from './test-fixtures';

/** The record from projected documents (risk 100 pips each), as the record's tests give them. */
const statsOfDocs = (docs: SignalDoc[]) =>
  recordOf({
    closed: docs.filter((each) => each.status === 'closed').map((each) => tradeOf(each, 100)),
    cancelled: docs.filter((each) => each.status === 'cancelled').length,
  });

const closedOn = (id: string, closedAt: string, pips: number, seq = 1) => signalDoc(id, { closedAt, updatedAt: closedAt, pips, seq });

describe('recordOf: the counts, months and curve', () => {
  it('given no signals, or only open and cancelled ones, then nothing closed and winRate null', () => {
    const empty = {
      closed: 0,
      wins: 0,
      losses: 0,
      breakeven: 0,
      cancelled: 0,
      winRate: null,
      winRateInterval: null,
      pips: 0,
      expectancy: null,
      averageR: null,
      profitFactor: null,
      maxDrawdown: 0,
      longestLosingStreak: 0,
      averageHoldMinutes: null,
      byMonth: [],
      byAuthor: [],
      curve: [],
    };
    expect(statsOfDocs([])).toEqual(empty);
    const open = signalDoc('o', { status: 'open', closedAt: null, exitPrice: null, outcome: null, pips: null });
    const cancelled = signalDoc('c', { status: 'cancelled', outcome: 'cancelled', exitPrice: null, pips: null });
    expect(statsOfDocs([open, cancelled, { ...cancelled, _id: 'c2' }])).toEqual({ ...empty, cancelled: 2 });
  });

  it('given closes over three months, then wins, losses, breakeven, win rate, pips, months newest first and the curve', () => {
    const signals = [
      closedOn('b', '2026-02-10T12:00:00.000Z', 42.7),
      closedOn('a', '2026-01-30T23:59:59.999Z', -100),
      closedOn('f', '2025-12-05T08:00:00.000Z', 10.1),
      closedOn('c', '2026-02-01T00:00:00.000Z', 0),
      closedOn('d', '2026-01-03T10:00:00.000Z', 55),
      closedOn('e', '2025-12-20T08:00:00.000Z', 0.2),
      signalDoc('open', { status: 'open', closedAt: null, exitPrice: null, outcome: null, pips: null }),
      signalDoc('gone', { status: 'cancelled', outcome: 'cancelled', exitPrice: null, pips: null, closedAt: '2026-02-02T00:00:00.000Z' }),
    ];
    expect(statsOfDocs(signals)).toMatchObject({
      closed: 6,
      wins: 4,
      losses: 1,
      breakeven: 1,
      cancelled: 1,
      winRate: 0.6667,
      pips: 8,
      byMonth: [
        { month: '2026-02', closed: 2, wins: 1, pips: 42.7 },
        { month: '2026-01', closed: 2, wins: 1, pips: -45 },
        { month: '2025-12', closed: 2, wins: 2, pips: 10.3 },
      ],
      curve: [
        { at: '2025-12-05T08:00:00.000Z', pips: 10.1 },
        { at: '2025-12-20T08:00:00.000Z', pips: 10.3 },
        { at: '2026-01-03T10:00:00.000Z', pips: 65.3 },
        { at: '2026-01-30T23:59:59.999Z', pips: -34.7 },
        { at: '2026-02-01T00:00:00.000Z', pips: -34.7 },
        { at: '2026-02-10T12:00:00.000Z', pips: 8 },
      ],
    });
  });

  it('given closes at the same moment, then the curve follows their seqs; tenths add up without float noise', () => {
    const when = '2026-03-01T00:00:00.000Z';
    const stats = statsOfDocs([closedOn('x', when, 0.2, 9), closedOn('y', when, 0.1, 4), closedOn('z', when, 0.4, 7)]);
    expect(stats.curve.map((point) => point.pips)).toEqual([0.1, 0.5, 0.7]);
    expect(stats.pips).toBe(0.7);
    expect(stats.byMonth).toEqual([{ month: '2026-03', closed: 3, wins: 3, pips: 0.7 }]);
    expect(stats.winRate).toBe(1);
  });

  it('given only losses, then the win rate is 0, not null', () => {
    expect(statsOfDocs([closedOn('l', '2026-03-01T00:00:00.000Z', -12.5)])).toMatchObject({ closed: 1, wins: 0, losses: 1, winRate: 0, pips: -12.5 });
  });
});

/** A close of `pips` with `risk`, `minutes` after its opening, the n-th of the record. */
const trade = (n: number, pips: number, options: { risk?: number; minutes?: number; author?: string; month?: string } = {}): ClosedTrade => {
  const closedAt = new Date(Date.parse(`${options.month ?? '2026-03'}-01T00:00:00.000Z`) + n * 3_600_000);
  return {
    signalId: `s${n}`,
    seq: n,
    author: { _id: options.author ?? 'ayu', name: options.author === 'budi' ? 'Budi' : 'Ayu' },
    openedAt: new Date(closedAt.getTime() - (options.minutes ?? 30) * 60_000).toISOString(),
    closedAt: closedAt.toISOString(),
    pips,
    risk: options.risk ?? 100,
  };
};

describe('recordOf: the numbers a careful member asks next (hand-computed)', () => {
  it('a losing run: drawdown from the peak to the trough, the streak, profit factor, expectancy, average R and hold', () => {
    // Cumulative: 50, 30, 0, -10, 30, 30. Peak 50, trough -10: a fall of 60 across the run of three losses.
    const closes = [
      trade(1, 50, { risk: 50, minutes: 10 }),
      trade(2, -20, { risk: 20, minutes: 20 }),
      trade(3, -30, { risk: 30, minutes: 30 }),
      trade(4, -10, { risk: 100, minutes: 40 }),
      trade(5, 40, { risk: 20, minutes: 50 }),
      trade(6, 0, { risk: 10, minutes: 60 }),
    ];
    const record = recordOf({ closed: [...closes].reverse(), cancelled: 2 });
    expect(record).toMatchObject({
      closed: 6,
      wins: 2,
      losses: 3,
      breakeven: 1,
      cancelled: 2,
      winRate: 0.3333,
      pips: 30,
      expectancy: 5,
      // R: 1, -1, -1, -0.1, 2, 0 → 0.9 / 6 = 0.15
      averageR: 0.15,
      // won 90, lost 60
      profitFactor: 1.5,
      maxDrawdown: 60,
      longestLosingStreak: 3,
      averageHoldMinutes: 35,
    });
    expect(record.curve.map((point) => point.pips)).toEqual([50, 30, 0, -10, 30, 30]);
  });

  it('a first close that loses is a drawdown from the start; a new peak resets the fall', () => {
    expect(recordOf({ closed: [trade(1, -15), trade(2, 40), trade(3, -25), trade(4, -5)], cancelled: 0 }).maxDrawdown).toBe(30);
    expect(recordOf({ closed: [trade(1, -15)], cancelled: 0 }).maxDrawdown).toBe(15);
    expect(recordOf({ closed: [trade(1, 10), trade(2, 20)], cancelled: 0 }).maxDrawdown).toBe(0);
  });

  it('without a loss the profit factor is null (not infinite), and a break-even ends a losing streak', () => {
    expect(recordOf({ closed: [trade(1, 25), trade(2, 0), trade(3, 12.5)], cancelled: 0 })).toMatchObject({ profitFactor: null, losses: 0, longestLosingStreak: 0 });
    expect(recordOf({ closed: [trade(1, -1), trade(2, -1), trade(3, 0), trade(4, -1)], cancelled: 0 })).toMatchObject({ profitFactor: 0, longestLosingStreak: 2 });
  });

  it('the Wilson interval: 6 of 10 is [0.3127, 0.8318]; 0 of 3 starts at 0; 30 of 30 ends at 1', () => {
    expect(wilsonInterval(6, 10)).toEqual([0.3127, 0.8318]);
    expect(wilsonInterval(0, 3)).toEqual([0, 0.5615]);
    expect(wilsonInterval(30, 30)![1]).toBe(1);
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(recordOf({ closed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => trade(n, n <= 6 ? 10 : -5)), cancelled: 0 }).winRateInterval).toEqual([0.3127, 0.8318]);
  });

  it('by author: counts, wins, pips and expectancy each, the busiest first; by month in UTC, newest first', () => {
    const record = recordOf({
      closed: [trade(1, 30), trade(2, -10, { author: 'budi' }), trade(3, 20, { author: 'budi' }), trade(4, 5, { author: 'budi', month: '2026-04' })],
      cancelled: 0,
    });
    expect(record.byAuthor).toEqual([
      { author: { _id: 'budi', name: 'Budi' }, closed: 3, wins: 2, pips: 15, expectancy: 5 },
      { author: { _id: 'ayu', name: 'Ayu' }, closed: 1, wins: 1, pips: 30, expectancy: 30 },
    ]);
    expect(record.byMonth).toEqual([
      { month: '2026-04', closed: 1, wins: 1, pips: 5 },
      { month: '2026-03', closed: 3, wins: 2, pips: 40 },
    ]);
  });
});

describe('statsOf: from the events', () => {
  const admin: SignalActor = { _id: 'admin', name: 'Ayu', isAdmin: true };
  const T0 = Date.parse('2026-05-04T08:00:00.000Z');
  const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

  it('takes the risk from the stop at the opening, not the moved one, and counts cancels apart', () => {
    const events: SignalEvent[] = [];
    const add = (event: NewSignalEvent | null) => events.push({ ...event!, _id: `e${events.length + 1}`, seq: events.length + 1 } as SignalEvent);
    const state = (id: string) => ({ signal: rebuildSignals(events).get(id) ?? null });
    add(decideOpen({ actor: admin, signalId: 'a', side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2400], now: at(0) }));
    add(decideUpdate({ actor: admin, signalId: 'a', stopLoss: 2380, now: at(5) }, state('a')));
    add(decideOpen({ actor: admin, signalId: 'b', side: 'sell', entry: 2390, stopLoss: 2395, takeProfits: [2380], now: at(6) }));
    add(decideCancel({ actor: admin, signalId: 'b', now: at(7) }, state('b')));
    add(decideClose({ actor: admin, signalId: 'a', exitPrice: 2395, now: at(90) }, state('a')));
    const record = statsOf(events);
    // risk 100 pips at the opening (the break-even move does not change it): 150 pips is 1.5 R.
    expect(record).toMatchObject({ closed: 1, wins: 1, cancelled: 1, pips: 150, averageR: 1.5, averageHoldMinutes: 90 });
  });
});

/** A direct computation of each number from the list of closes, written apart from recordOf. */
const direct = (closes: ClosedTrade[]) => {
  const ordered = [...closes].sort((a, b) => a.seq - b.seq);
  const pips = ordered.map((each) => each.pips);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const cumulative = pips.map((_, i) => sum(pips.slice(0, i + 1)));
  let drawdown = 0;
  const points = [0, ...cumulative];
  for (let i = 0; i < points.length; i += 1) for (let j = i + 1; j < points.length; j += 1) drawdown = Math.max(drawdown, points[i]! - points[j]!);
  let streak = 0;
  for (let i = 0; i < pips.length; i += 1) {
    let j = i;
    while (j < pips.length && pips[j]! < 0) j += 1;
    streak = Math.max(streak, j - i);
  }
  const lost = -sum(pips.filter((value) => value < 0));
  return {
    wins: pips.filter((value) => value > 0).length,
    losses: pips.filter((value) => value < 0).length,
    pips: sum(pips),
    expectancy: pips.length ? sum(pips) / pips.length : null,
    averageR: pips.length ? sum(ordered.map((each) => each.pips / each.risk)) / pips.length : null,
    profitFactor: lost > 0 ? sum(pips.filter((value) => value > 0)) / lost : null,
    maxDrawdown: drawdown,
    longestLosingStreak: streak,
  };
};

describe('recordOf against a direct computation (property)', () => {
  it('agrees on every number for any list of closes', () => {
    const closeArb = fc.record({ tenths: fc.integer({ min: -3000, max: 3000 }), risk: fc.integer({ min: 1, max: 5000 }), minutes: fc.integer({ min: 1, max: 10_000 }) });
    fc.assert(
      fc.property(fc.array(closeArb, { maxLength: 80 }), (raw) => {
        const closes = raw.map((each, i) => trade(i + 1, each.tenths / 10, { risk: each.risk / 10, minutes: each.minutes }));
        const record = recordOf({ closed: [...closes].reverse(), cancelled: 0 });
        const expected = direct(closes);
        expect(record.closed).toBe(closes.length);
        expect(record.wins).toBe(expected.wins);
        expect(record.losses).toBe(expected.losses);
        expect(record.pips).toBeCloseTo(expected.pips, 6);
        expect(record.maxDrawdown).toBeCloseTo(expected.maxDrawdown, 6);
        expect(record.longestLosingStreak).toBe(expected.longestLosingStreak);
        const close = (actual: number | null, wanted: number | null) => {
          if (wanted === null) expect(actual).toBeNull();
          else expect(Math.abs(actual! - wanted)).toBeLessThanOrEqual(0.005 + 1e-9);
        };
        close(record.expectancy, expected.expectancy);
        close(record.averageR, expected.averageR);
        close(record.profitFactor, expected.profitFactor);
        if (closes.length > 0) {
          const [low, high] = record.winRateInterval!;
          expect(low).toBeLessThanOrEqual(record.winRate!);
          expect(high).toBeGreaterThanOrEqual(record.winRate!);
        }
      }),
      { numRuns: 300 },
    );
  });
});
