import { SIGNAL_SYMBOL, type SignalOutcome, type SignalSide, type SignalStatus } from '@le/contracts';
import type { SignalEvent } from './events';

/** One signal as the `signals` projection keeps it: everything (views redact). */
export interface SignalDoc {
  _id: string;
  /** The signal's last event. */
  seq: number;
  /** The event that opened it: the list's order and cursor. */
  openedSeq: number;
  symbol: typeof SIGNAL_SYMBOL;
  side: SignalSide;
  entry: number;
  stopLoss: number;
  takeProfits: number[];
  analysis: string | null;
  status: SignalStatus;
  openedAt: string;
  updatedAt: string;
  closedAt: string | null;
  exitPrice: number | null;
  outcome: SignalOutcome | null;
  pips: number | null;
  author: { _id: string; name: string };
}

/**
 * Folds one event into the signal it concerns. An event at or below the document's seq was folded
 * already and changes nothing, so applying an event twice is harmless (catch-up after a crash); an
 * event after the close or cancel changes nothing either (contract §8: never changes again).
 */
export const evolveSignal = (doc: SignalDoc | null, event: SignalEvent): SignalDoc | null => {
  if (event.type === 'signal.opened') {
    if (doc) return doc;
    const { data } = event;
    return {
      _id: data.signalId,
      seq: event.seq,
      openedSeq: event.seq,
      symbol: SIGNAL_SYMBOL,
      side: data.side,
      entry: data.entry,
      stopLoss: data.stopLoss,
      takeProfits: [...data.takeProfits],
      analysis: data.analysis,
      status: 'open',
      openedAt: event.at,
      updatedAt: event.at,
      closedAt: null,
      exitPrice: null,
      outcome: null,
      pips: null,
      author: { ...data.author },
    };
  }
  // A closed or cancelled signal never changes again, even by an event decided on a stale read.
  if (!doc || doc._id !== event.data.signalId || event.seq <= doc.seq || doc.status !== 'open') return doc;
  const base = { ...doc, seq: event.seq, updatedAt: event.at };
  switch (event.type) {
    case 'signal.updated': {
      const { signalId: _id, ...changes } = event.data;
      return { ...base, ...changes, takeProfits: changes.takeProfits ? [...changes.takeProfits] : doc.takeProfits };
    }
    case 'signal.closed':
      return { ...base, status: 'closed', closedAt: event.at, exitPrice: event.data.exitPrice, outcome: event.data.outcome, pips: event.data.pips };
    case 'signal.cancelled':
      return { ...base, status: 'cancelled', closedAt: event.at, outcome: 'cancelled', pips: null };
    default:
      return doc;
  }
};

/** Every signal folded from the events alone, in any order of arrival (sorted by seq first). */
export const rebuildSignals = (events: readonly SignalEvent[]): Map<string, SignalDoc> => {
  const docs = new Map<string, SignalDoc>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const id = event.data.signalId;
    const next = evolveSignal(docs.get(id) ?? null, event);
    if (next) docs.set(id, next);
  }
  return docs;
};

/** The signal as it was right after each of its events (its events in seq order). */
export const foldSteps = (events: readonly SignalEvent[]): Array<{ event: SignalEvent; doc: SignalDoc }> => {
  const steps: Array<{ event: SignalEvent; doc: SignalDoc }> = [];
  let doc: SignalDoc | null = null;
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    doc = evolveSignal(doc, event);
    if (doc) steps.push({ event, doc });
  }
  return steps;
};
