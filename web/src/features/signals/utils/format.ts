import { formatFixed } from '@/lib/numbers';
import { SIGNAL_SYMBOL_LABEL, type Signal, type SignalChanges, type SignalEventPayload, type SignalOutcome, type SignalSide, type SignalTimelineEntry } from '@le/contracts';

/** What a redacted level shows. */
export const HIDDEN = '—';

/** A price as the desk writes it: 2,384.20 (a hidden one as "—"). */
export const formatPrice = (price: number | null | undefined): string => (price === null || price === undefined ? HIDDEN : formatFixed(price, 2));

/** Take-profits joined: "2,390.00 / 2,395.00". */
export const formatTargets = (targets: number[] | null | undefined): string =>
  !targets || targets.length === 0 ? HIDDEN : targets.map((target) => formatPrice(target)).join(' / ');

/** Pips with their sign and one decimal: +55.0, −20.0 (ASCII minus), 0.0. */
export const formatPips = (pips: number | null | undefined): string => {
  if (pips === null || pips === undefined) return HIDDEN;
  const text = formatFixed(Math.abs(pips), 1);
  return pips > 0 ? `+${text}` : pips < 0 ? `-${text}` : text;
};

/** Green for a gain, red for a loss, muted for none. */
export const pipsColor = (pips: number | null | undefined): string =>
  pips === null || pips === undefined || pips === 0 ? 'fg.muted' : pips > 0 ? 'green.300' : 'red.300';

export const sideLabel = (side: SignalSide): string => (side === 'buy' ? 'BUY' : 'SELL');

export const OUTCOME_LABELS: Record<SignalOutcome, string> = { tp: 'TP', sl: 'SL', manual: 'Manual', cancelled: 'Cancelled' };

export const outcomeLabel = (outcome: SignalOutcome | null): string => (outcome ? OUTCOME_LABELS[outcome] : HIDDEN);

export const STATUS_LABELS: Record<Signal['status'], string> = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled' };

/** An open signal whose levels this viewer may not see. */
export const isLocked = (signal: Pick<Signal, 'side'>): boolean => signal.side === null;

/** The win rate as a percentage with one decimal ("—" when nothing is closed). */
export const formatWinRate = (winRate: number | null): string => (winRate === null ? HIDDEN : `${formatFixed(winRate * 100, 1)}%`);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-03" → "March 2026" (written without Intl, whose date data /signals would load as it starts). */
export const formatMonth = (month: string): string => {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  const name = MONTHS[number - 1];
  return name === undefined ? month : `${name} ${year}`;
};

/* The tab title. */

const COUNT_PREFIX = /^\(\d+\) /;

/** The page's title with "(n) " in front while n signals are open (the old count replaced, none at 0). */
export const withOpenCount = (title: string, count: number): string => {
  const bare = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
};

/* Notices. */

export interface SignalNotice {
  title: string;
  description?: string;
  type: 'info' | 'success' | 'error';
}

/**
 * The notice an event raises on any page, or null (an edit raises none): the levels when the viewer
 * sees them, else that members on Pro do; a close with its pips and outcome.
 */
export const noticeFor = (event: SignalEventPayload, previous: Signal | null = null): SignalNotice | null => {
  const { signal } = event;
  const symbol = SIGNAL_SYMBOL_LABEL;
  switch (event.type) {
    case 'signal.opened':
      // Contract §8: a new signal raises a notice for those who may see it; a locked one is news only on /live.
      if (isLocked(signal) || signal.entry === null) return null;
      return {
        title: `New ${sideLabel(signal.side!)} signal on ${symbol} at ${formatPrice(signal.entry)}`,
        description: `SL ${formatPrice(signal.stopLoss)} · TP ${formatTargets(signal.takeProfits)}`,
        type: 'info',
      };
    case 'signal.updated': {
      // A moved stop or new targets are news for those who see the levels; an edited analysis is not.
      if (isLocked(signal) || signal.stopLoss === null || signal.takeProfits === null) return null;
      const known = previous && !isLocked(previous) && previous.stopLoss !== null && previous.takeProfits !== null ? previous : null;
      const stopMoved = !known || known.stopLoss !== signal.stopLoss;
      const targetsChanged = !known || known.takeProfits!.join() !== signal.takeProfits.join();
      if (known && !stopMoved && !targetsChanged) return null;
      const where = `${sideLabel(signal.side!)} ${symbol} from ${formatPrice(signal.entry)}`;
      const stop = signal.stopLoss === signal.entry ? 'break-even' : formatPrice(signal.stopLoss);
      const title = !known
        ? `Signal updated: ${where}`
        : stopMoved && targetsChanged
          ? `Stop moved to ${stop} and targets changed: ${where}`
          : stopMoved
            ? `Stop moved to ${stop}: ${where}`
            : `Targets changed: ${where}`;
      return { title, description: `SL ${formatPrice(signal.stopLoss)} · TP ${formatTargets(signal.takeProfits)}`, type: 'info' };
    }
    case 'signal.closed': {
      const outcome = signal.outcome ? ` (${OUTCOME_LABELS[signal.outcome]})` : '';
      return {
        title: `Signal closed: ${formatPips(signal.pips)} pips${outcome}`,
        description: signal.side ? `${sideLabel(signal.side)} ${symbol} from ${formatPrice(signal.entry)} to ${formatPrice(signal.exitPrice)}` : undefined,
        type: signal.pips !== null && signal.pips < 0 ? 'error' : 'success',
      };
    }
    case 'signal.cancelled':
      return {
        title: 'Signal cancelled',
        description: signal.side ? `${sideLabel(signal.side)} ${symbol} at ${formatPrice(signal.entry)}` : undefined,
        type: 'info',
      };
    default:
      return null;
  }
};

/* The timeline. */

export interface TimelineLine {
  /** What happened: "Opened", "Stop moved", "Targets changed", "Analysis edited", "Closed", "Cancelled". */
  label: string;
  /** The values it changed, as this viewer may see them. */
  details: string[];
  /** Prose beside the values: the analysis, or why something is hidden. */
  note?: string;
}

interface Known {
  stopLoss?: number | null;
  takeProfits?: number[] | null;
}

/** Why a redacted value is missing. */
export const LEVELS_HIDDEN = 'Levels are for Pro and Expert members while the signal is open.';
export const ANALYSIS_HIDDEN = 'The analysis is for Expert members.';

const moved = (before: string | null, after: string): string => (before && before !== HIDDEN && before !== after ? `${before} → ${after}` : after);

export const ANALYSIS_REMOVED = 'The analysis was removed.';

/**
 * What each entry of a timeline changed, in words, each against the value before it where known.
 * `analysisVisible`: the viewer reads analyses (Expert, admin), so an empty one was removed, not hidden.
 */
export const describeTimeline = (entries: SignalTimelineEntry[], options: { analysisVisible?: boolean } = {}): TimelineLine[][] => {
  const known: Known = {};
  return [...entries]
    .sort((a, b) => a.seq - b.seq)
    .map((entry) => {
      const lines = describeEntry(entry.type, entry.changes, known, options.analysisVisible ?? false);
      if (entry.changes.stopLoss !== undefined) known.stopLoss = entry.changes.stopLoss;
      if (entry.changes.takeProfits !== undefined) known.takeProfits = entry.changes.takeProfits;
      return lines;
    });
};

const describeEntry = (type: SignalTimelineEntry['type'], changes: SignalChanges, known: Known, analysisVisible: boolean): TimelineLine[] => {
  switch (type) {
    case 'signal.opened': {
      const hidden = changes.side === null || changes.side === undefined;
      if (hidden) return [{ label: 'Opened', details: [], note: LEVELS_HIDDEN }];
      const details = [`${sideLabel(changes.side!)} at ${formatPrice(changes.entry)}`, `SL ${formatPrice(changes.stopLoss)}`, `TP ${formatTargets(changes.takeProfits)}`];
      return [{ label: 'Opened', details, ...(changes.analysis ? { note: changes.analysis } : {}) }];
    }
    case 'signal.updated': {
      const lines: TimelineLine[] = [];
      if (changes.stopLoss !== undefined) {
        lines.push({
          label: 'Stop moved',
          details: changes.stopLoss === null ? [] : [`SL ${moved(known.stopLoss === undefined ? null : formatPrice(known.stopLoss), formatPrice(changes.stopLoss))}`],
          ...(changes.stopLoss === null ? { note: LEVELS_HIDDEN } : {}),
        });
      }
      if (changes.takeProfits !== undefined) {
        lines.push({
          label: 'Targets changed',
          details:
            changes.takeProfits === null
              ? []
              : [`TP ${moved(known.takeProfits === undefined ? null : formatTargets(known.takeProfits), formatTargets(changes.takeProfits))}`],
          ...(changes.takeProfits === null ? { note: LEVELS_HIDDEN } : {}),
        });
      }
      if (changes.analysis !== undefined) {
        lines.push({ label: 'Analysis edited', details: [], note: changes.analysis ?? (analysisVisible ? ANALYSIS_REMOVED : ANALYSIS_HIDDEN) });
      }
      return lines.length > 0 ? lines : [{ label: 'Updated', details: [] }];
    }
    case 'signal.closed':
      return [
        {
          label: 'Closed',
          details: [
            `Exit ${formatPrice(changes.exitPrice)}`,
            `${formatPips(changes.pips)} pips`,
            ...(changes.outcome ? [`Outcome ${OUTCOME_LABELS[changes.outcome]}`] : []),
          ],
        },
      ];
    case 'signal.cancelled':
      return [{ label: 'Cancelled', details: [], note: 'Withdrawn within 5 minutes of opening; not counted in the win rate.' }];
  }
};

/* The record's further numbers. */

/** How many closed signals the record needs before its win rate says much (contract §8). */
export const SMALL_SAMPLE = 30;

const wholePercent = (share: number): string => `${Math.round(share * 100)}`;

/** The win rate's 95% interval as a range of whole percentages: "23–88%" ("—" when nothing is closed). */
export const formatRateRange = (interval: [number, number] | null): string => (interval ? `${wholePercent(interval[0])}–${wholePercent(interval[1])}%` : HIDDEN);

/** An R multiple with its sign and 2 decimals: +0.24R. */
export const formatR = (r: number | null): string => (r === null ? HIDDEN : `${r > 0 ? '+' : r < 0 ? '-' : ''}${Math.abs(r).toFixed(2)}R`);

/** A profit factor with 2 decimals ("—" without a loss: it would be infinite). */
export const formatFactor = (factor: number | null): string => (factor === null ? HIDDEN : factor.toFixed(2));

/** A holding time as people say it: 45 min, 3 h 12 min, 2 d 4 h. */
export const formatHold = (minutes: number | null): string => {
  if (minutes === null) return HIDDEN;
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  if (hours < 24) return `${hours} h${total % 60 ? ` ${total % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
};

/** The plain sentence under the win rate while the sample is small, or null from 30 closes on. */
export const smallSampleSentence = (closed: number): string | null => {
  if (closed >= SMALL_SAMPLE) return null;
  if (closed === 0) return null;
  return `Only ${closed} signal${closed === 1 ? ' has' : 's have'} closed so far: too few to judge the win rate. Give it at least ${SMALL_SAMPLE} closed signals before reading much into it.`;
};
