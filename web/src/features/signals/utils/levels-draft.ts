import { levelsProblem, riskReward, type Signal, type SignalLevels, type SignalSide } from '@le/contracts';

import { formatPips as formatSignedPips } from '@/features/signals/utils/format';

/**
 * What a price box holds: null while empty, NaN when it is no number (levelsProblem then names the
 * field). A comma is read as the decimal point ("2345,5"), as Indonesian keyboards type it.
 */
export const parsePrice = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normalised = trimmed.includes('.') ? trimmed : trimmed.replace(',', '.');
  return /^\d+(\.\d*)?$|^\.\d+$/.test(normalised) ? Number(normalised) : Number.NaN;
};

export interface LevelsDraft {
  side: SignalSide;
  entry: string;
  stopLoss: string;
  takeProfits: string[];
}

export type DraftReading =
  /** A box is still empty: nothing to judge yet. */
  | { state: 'incomplete' }
  | { state: 'invalid'; problem: string }
  | { state: 'valid'; levels: SignalLevels; risk: number; reward: number; ratio: number | null };

/**
 * The levels as typed, judged by the contract's rules once every box holds something; `moving`
 * for an open signal's edit, where the stop may sit at the entry or past it.
 */
export const readDraft = (draft: LevelsDraft, options: { moving?: boolean } = {}): DraftReading => {
  const entry = parsePrice(draft.entry);
  const stopLoss = parsePrice(draft.stopLoss);
  const takeProfits = draft.takeProfits.map(parsePrice);
  if (entry === null || stopLoss === null || takeProfits.some((price) => price === null)) return { state: 'incomplete' };
  const levels: SignalLevels = { side: draft.side, entry, stopLoss, takeProfits: takeProfits as number[] };
  const problem = levelsProblem(levels, options);
  if (problem) return { state: 'invalid', problem };
  return { state: 'valid', levels, ...riskReward(levels) };
};

/** Pips with one decimal and the unit; `signed` adds + to a gain (a loss carries its minus), as the feed writes them. */
export const formatPips = (pips: number, { signed = false } = {}): string => `${signed ? formatSignedPips(pips) : formatSignedPips(pips).replace(/^\+/, '')} pips`;

/** A reward-to-risk ratio as traders write it: 1:2.5. */
export const formatRatio = (ratio: number | null): string => (ratio === null ? '—' : `1:${ratio}`);

/** The price boxes' text for a price the API gave (no grouping, so it reads back as typed). */
export const priceText = (price: number | null): string => (price === null ? '' : String(price));

/** A signal whose levels this viewer sees (admins, Pro and Expert members, and every closed one). */
export type SignalWithLevels = Signal & SignalLevels;

/** Redacted signals come with `side` and the levels null (contract §8). */
export const hasLevels = (signal: Signal): signal is SignalWithLevels =>
  signal.side !== null && signal.entry !== null && signal.stopLoss !== null && signal.takeProfits !== null;
