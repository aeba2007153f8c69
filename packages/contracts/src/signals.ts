/**
 * The signals' rules that both sides need (contract §8): which levels make sense, pips and
 * outcome of a close, risk and reward, and what each viewer may see. Pure; no TypeBox.
 */
import { hasActiveMembership, rightsEndOf, type AccessSubject } from './access';
import { SIGNAL_RULES, type SignalOutcome, type SignalSide } from './constants';

/** What a viewer sees of signals: everything with the analysis, the levels, or neither while open. */
export type SignalAccess = 'full' | 'levels' | 'none';
export const SIGNAL_ACCESSES = ['full', 'levels', 'none'] as const satisfies readonly SignalAccess[];

/** Admins and active experts see everything; active pro members the levels; everyone else neither. */
export const signalAccessOf = (subject: AccessSubject | null, now = Date.now()): SignalAccess => {
  if (!subject) return 'none';
  if (subject.role === 'admin') return 'full';
  if (!hasActiveMembership(subject, now)) return 'none';
  const tier = subject.membershipTier?.toLowerCase();
  return tier === 'expert' ? 'full' : tier === 'pro' ? 'levels' : 'none';
};

/** When `signalAccessOf` changes by itself (the membership ends), or null when it never does. */
export const signalAccessEndsAt = (subject: AccessSubject | null, now = Date.now()): number | null => {
  if (!subject || subject.role === 'admin' || signalAccessOf(subject, now) === 'none') return null;
  return rightsEndOf(subject);
};

/** The tier whose members see what this viewer may not (for the locked card), or null. */
export const tierThatShows = (what: 'levels' | 'analysis'): 'pro' | 'expert' => (what === 'levels' ? 'pro' : 'expert');

const cents = (price: number): number => Math.round(price * 100);

/** A price: above 0, below 1,000,000, at most 2 decimals. */
export const isValidPrice = (price: unknown): price is number =>
  typeof price === 'number' &&
  Number.isFinite(price) &&
  price > 0 &&
  price < SIGNAL_RULES.priceMax &&
  Math.abs(price * 100 - cents(price)) < 1e-6;

export interface SignalLevels {
  side: SignalSide;
  entry: number;
  stopLoss: number;
  takeProfits: number[];
}

/**
 * Why these levels make no sense, or null when they do: a buy opens with stop < entry < every
 * target, targets ascending; a sell the mirror; 1 to 3 targets; every price valid. A stop moved
 * while the signal is open (`moving`) may sit at the entry or past it, the way traders lock in a
 * trade after the first target, as long as it stays short of TP1.
 */
export const levelsProblem = ({ side, entry, stopLoss, takeProfits }: SignalLevels, { moving = false }: { moving?: boolean } = {}): string | null => {
  if (!isValidPrice(entry)) return 'The entry must be a price above 0 and below 1,000,000 with at most 2 decimals.';
  if (!isValidPrice(stopLoss)) return 'The stop-loss must be a price above 0 and below 1,000,000 with at most 2 decimals.';
  if (takeProfits.length < 1 || takeProfits.length > SIGNAL_RULES.maxTakeProfits) return 'Give 1 to 3 take-profit targets.';
  if (!takeProfits.every(isValidPrice)) return 'Every take-profit must be a price above 0 and below 1,000,000 with at most 2 decimals.';
  const up = side === 'buy';
  const beyond = (a: number, b: number) => (up ? a > b : a < b);
  if (!moving && !beyond(entry, stopLoss)) {
    return up ? 'A buy needs its stop-loss below the entry.' : 'A sell needs its stop-loss above the entry.';
  }
  if (!takeProfits.every((target) => beyond(target, entry))) {
    return up ? 'A buy needs every take-profit above the entry.' : 'A sell needs every take-profit below the entry.';
  }
  if (!takeProfits.every((target, i) => i === 0 || beyond(target, takeProfits[i - 1]!))) {
    return up ? 'Take-profits of a buy go up: TP1 < TP2 < TP3.' : 'Take-profits of a sell go down: TP1 > TP2 > TP3.';
  }
  if (moving && !beyond(takeProfits[0]!, stopLoss)) {
    return up ? 'A buy keeps its stop-loss below the first take-profit.' : 'A sell keeps its stop-loss above the first take-profit.';
  }
  return null;
};

/** Pips from entry to a price in the signal's direction (1 pip = 0.10 USD), to one decimal. */
export const pipsBetween = (side: SignalSide, entry: number, price: number): number => {
  const moveCents = side === 'buy' ? cents(price) - cents(entry) : cents(entry) - cents(price);
  // 1 pip = 10 cents; one decimal of a pip = 1 cent.
  return moveCents / 10;
};

/**
 * `tp` at or beyond the first target, `sl` at or beyond the stop in force at the close (which may
 * sit at or past the entry after a move), `manual` in between.
 */
export const outcomeOf = (levels: SignalLevels, exitPrice: number): Exclude<SignalOutcome, 'cancelled'> => {
  const up = levels.side === 'buy';
  const tp1 = levels.takeProfits[0]!;
  if (up ? exitPrice >= tp1 : exitPrice <= tp1) return 'tp';
  if (up ? exitPrice <= levels.stopLoss : exitPrice >= levels.stopLoss) return 'sl';
  return 'manual';
};

/** A signal's risk in pips: entry to the stop it opened with (contract §8); R multiples are pips / risk. */
export const riskOf = (opening: Pick<SignalLevels, 'side' | 'entry' | 'stopLoss'>): number => Math.abs(pipsBetween(opening.side, opening.entry, opening.stopLoss));

/** The R multiple of a close: its pips over the risk taken at the opening (null without a risk). */
export const rMultipleOf = (pips: number, risk: number): number | null => (risk > 0 ? pips / risk : null);

/** Win, loss or break-even by the pips of a close (contract §8). */
export const resultOf = (pips: number): 'win' | 'loss' | 'breakeven' => (pips > 0 ? 'win' : pips < 0 ? 'loss' : 'breakeven');

/** Risk (entry to stop) and reward (entry to the first target) in pips, and their ratio. */
export const riskReward = (levels: SignalLevels): { risk: number; reward: number; ratio: number | null } => {
  const risk = -pipsBetween(levels.side, levels.entry, levels.stopLoss);
  const reward = pipsBetween(levels.side, levels.entry, levels.takeProfits[0]!);
  return { risk, reward, ratio: risk > 0 ? Math.round((reward / risk) * 100) / 100 : null };
};

/** Within 5 minutes of opening, that moment included. */
export const isWithinCancelWindow = (openedAt: string, now: string | number): boolean => {
  const at = typeof now === 'number' ? now : Date.parse(now);
  return at - Date.parse(openedAt) <= SIGNAL_RULES.cancelWindowMs;
};
