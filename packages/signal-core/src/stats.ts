import { resultOf, riskOf, rMultipleOf, type SignalStats } from '@le/contracts';
import type { SignalEvent } from './events';
import { foldSteps, type SignalDoc } from './projection';

/** One closed signal as the record needs it: its pips, the risk it opened with, its times and author. */
export interface ClosedTrade {
  signalId: string;
  /** The close's seq: the record's order among closes of the same moment. */
  seq: number;
  author: { _id: string; name: string };
  openedAt: string;
  closedAt: string;
  pips: number;
  /** `|entry - stopLoss at opening|` in pips (contract §8); R = pips / risk. */
  risk: number;
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const round1 = (value: number): number => round(value, 1);
const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/** The z of a two-sided 95% interval. */
const Z95 = 1.959964;

/** The 95% Wilson score interval of `wins` out of `n` (null when n is 0), each end to 4 decimals. */
export const wilsonInterval = (wins: number, n: number): [number, number] | null => {
  if (n === 0) return null;
  const p = wins / n;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [round(Math.max(0, centre - half), 4), round(Math.min(1, centre + half), 4)];
};

/** The largest fall of cumulative pips from an earlier peak, the start (0) counting as one. */
export const maxDrawdownOf = (pips: readonly number[]): number => {
  let total = 0;
  let peak = 0;
  let worst = 0;
  for (const each of pips) {
    total = round1(total + each);
    peak = Math.max(peak, total);
    worst = Math.max(worst, round1(peak - total));
  }
  return worst;
};

/** The most losses in a row (a win or a break-even ends a run). */
export const longestLosingStreakOf = (pips: readonly number[]): number => {
  let run = 0;
  let longest = 0;
  for (const each of pips) {
    run = resultOf(each) === 'loss' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
};

/** Sum of winning pips over the size of the sum of losing pips; null without a loss. */
export const profitFactorOf = (pips: readonly number[]): number | null => {
  let won = 0;
  let lost = 0;
  for (const each of pips) {
    if (each > 0) won += each;
    else lost -= each;
  }
  return lost > 0 ? round(won / lost, 2) : null;
};

const byClose = (a: ClosedTrade, b: ClosedTrade): number => (a.closedAt < b.closedAt ? -1 : a.closedAt > b.closedAt ? 1 : a.seq - b.seq);

/** A projected closed signal as a trade, given the risk it opened with. */
export const tradeOf = (doc: SignalDoc, risk: number): ClosedTrade => ({
  signalId: doc._id,
  seq: doc.seq,
  author: { ...doc.author },
  openedAt: doc.openedAt,
  closedAt: doc.closedAt!,
  pips: doc.pips ?? 0,
  risk,
});

/** The closed signals and the count of cancelled ones, folded from the events alone. */
export const tradesOf = (events: readonly SignalEvent[]): { closed: ClosedTrade[]; cancelled: number } => {
  const bySignal = new Map<string, SignalEvent[]>();
  for (const event of events) bySignal.set(event.data.signalId, [...(bySignal.get(event.data.signalId) ?? []), event]);
  const closed: ClosedTrade[] = [];
  let cancelled = 0;
  for (const history of bySignal.values()) {
    const steps = foldSteps(history);
    const doc = steps.at(-1)?.doc;
    if (!doc) continue;
    if (doc.status === 'cancelled') cancelled += 1;
    if (doc.status !== 'closed') continue;
    const opening = steps[0]!.event;
    closed.push(tradeOf(doc, opening.type === 'signal.opened' ? riskOf(opening.data) : 0));
  }
  return { closed, cancelled };
};

/**
 * The record (contract §8) over closed signals in close order: a win is a close with positive pips,
 * a loss one with negative pips, break-even zero; months by close date (UTC); R per signal is its
 * pips over the risk it opened with. Cancelled signals are counted apart.
 */
export const recordOf = ({ closed: trades, cancelled }: { closed: readonly ClosedTrade[]; cancelled: number }): SignalStats => {
  const closed = [...trades].sort(byClose);
  const pipsList = closed.map((trade) => trade.pips);
  const months = new Map<string, { month: string; closed: number; wins: number; pips: number }>();
  const authors = new Map<string, { author: { _id: string; name: string }; closed: number; wins: number; pips: number }>();
  const curve: SignalStats['curve'] = [];
  let wins = 0;
  let losses = 0;
  let pips = 0;
  for (const trade of closed) {
    const result = resultOf(trade.pips);
    if (result === 'win') wins += 1;
    if (result === 'loss') losses += 1;
    pips = round1(pips + trade.pips);
    curve.push({ at: trade.closedAt, pips });
    const month = trade.closedAt.slice(0, 7);
    const row = months.get(month) ?? { month, closed: 0, wins: 0, pips: 0 };
    row.closed += 1;
    if (result === 'win') row.wins += 1;
    row.pips = round1(row.pips + trade.pips);
    months.set(month, row);
    // The author's latest name stands for all their rows.
    const byAuthor = authors.get(trade.author._id) ?? { author: trade.author, closed: 0, wins: 0, pips: 0 };
    byAuthor.author = { ...trade.author };
    byAuthor.closed += 1;
    if (result === 'win') byAuthor.wins += 1;
    byAuthor.pips = round1(byAuthor.pips + trade.pips);
    authors.set(trade.author._id, byAuthor);
  }
  const expectancy = mean(pipsList);
  const averageR = mean(closed.flatMap((trade) => rMultipleOf(trade.pips, trade.risk) ?? []));
  const averageHold = mean(closed.map((trade) => (Date.parse(trade.closedAt) - Date.parse(trade.openedAt)) / 60_000));
  return {
    closed: closed.length,
    wins,
    losses,
    breakeven: closed.length - wins - losses,
    cancelled,
    winRate: closed.length === 0 ? null : round(wins / closed.length, 4),
    winRateInterval: wilsonInterval(wins, closed.length),
    pips,
    expectancy: expectancy === null ? null : round(expectancy, 2),
    averageR: averageR === null ? null : round(averageR, 2),
    profitFactor: profitFactorOf(pipsList),
    maxDrawdown: maxDrawdownOf(pipsList),
    longestLosingStreak: longestLosingStreakOf(pipsList),
    averageHoldMinutes: averageHold === null ? null : round1(averageHold),
    byMonth: [...months.values()].sort((a, b) => (a.month < b.month ? 1 : -1)),
    byAuthor: [...authors.values()]
      .map((row) => ({ ...row, expectancy: round(row.pips / row.closed, 2) }))
      .sort((a, b) => b.closed - a.closed || a.author.name.localeCompare(b.author.name) || (a.author._id < b.author._id ? -1 : 1)),
    curve,
  };
};

/** The record straight from the events of the `signals` stream. */
export const statsOf = (events: readonly SignalEvent[]): SignalStats => recordOf(tradesOf(events));
