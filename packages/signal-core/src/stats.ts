import type { SignalStats } from '@le/contracts';
import type { SignalDoc } from './projection';

const round1 = (value: number): number => Math.round(value * 10) / 10;

/**
 * The record (contract §8), folded from the signals as their events left them: a win is a close
 * with positive pips, a loss one with negative pips, breakeven zero; months by close date (UTC).
 */
export const statsOf = (all: Iterable<SignalDoc>): SignalStats => {
  const signals = [...all];
  const closed = signals.filter((signal) => signal.status === 'closed').sort((a, b) => (a.closedAt! < b.closedAt! ? -1 : a.closedAt! > b.closedAt! ? 1 : a.seq - b.seq));
  let cancelled = 0;
  for (const signal of signals) if (signal.status === 'cancelled') cancelled += 1;
  const months = new Map<string, { month: string; closed: number; wins: number; pips: number }>();
  const curve: SignalStats['curve'] = [];
  let wins = 0;
  let losses = 0;
  let pips = 0;
  for (const signal of closed) {
    const gained = signal.pips ?? 0;
    if (gained > 0) wins += 1;
    else if (gained < 0) losses += 1;
    pips = round1(pips + gained);
    curve.push({ at: signal.closedAt!, pips });
    const month = signal.closedAt!.slice(0, 7);
    const row = months.get(month) ?? { month, closed: 0, wins: 0, pips: 0 };
    row.closed += 1;
    if (gained > 0) row.wins += 1;
    row.pips = round1(row.pips + gained);
    months.set(month, row);
  }
  return {
    closed: closed.length,
    wins,
    losses,
    breakeven: closed.length - wins - losses,
    cancelled,
    winRate: closed.length === 0 ? null : Math.round((wins / closed.length) * 10_000) / 10_000,
    pips,
    byMonth: [...months.values()].sort((a, b) => (a.month < b.month ? 1 : -1)),
    curve,
  };
};
