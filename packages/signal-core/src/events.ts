import type { SignalEventType, SignalOutcome, SignalSide } from '@le/contracts';

/** The one stream every signal event belongs to. */
export const SIGNALS_STREAM = 'signals';

export interface SignalOpenedData {
  signalId: string;
  side: SignalSide;
  entry: number;
  stopLoss: number;
  takeProfits: number[];
  analysis: string | null;
  /** The admin who opened it, as they were named then. */
  author: { _id: string; name: string };
}
/** Only what changed: a moved stop, new targets, an edited analysis. */
export interface SignalUpdatedData {
  signalId: string;
  stopLoss?: number;
  takeProfits?: number[];
  analysis?: string | null;
}
export interface SignalClosedData {
  signalId: string;
  exitPrice: number;
  pips: number;
  outcome: Exclude<SignalOutcome, 'cancelled'>;
}
export interface SignalCancelledData {
  signalId: string;
}

export interface SignalEventDataMap {
  'signal.opened': SignalOpenedData;
  'signal.updated': SignalUpdatedData;
  'signal.closed': SignalClosedData;
  'signal.cancelled': SignalCancelledData;
}

/** An event as decided, before the store gives it its place in the stream. */
export type NewSignalEvent = {
  [K in SignalEventType]: {
    type: K;
    stream: typeof SIGNALS_STREAM;
    actorId: string;
    at: string;
    data: SignalEventDataMap[K];
    /**
     * 32 random hex characters written with the event: the ledger's commitments to its levels and
     * analysis are salted with it, so they cannot be guessed before it is revealed. Events of
     * builds before the ledger have none (their chain draws one, kept in the ledger record).
     */
    salt?: string;
  };
}[SignalEventType];

/** A stored event: its sequence in the `signals` stream (1, 2, 3...) and its id. */
export type SignalEvent = NewSignalEvent & { _id: string; seq: number };
