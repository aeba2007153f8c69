import type { EventStorePort } from '@le/event-kit';
import type { SignalEvent } from './events';
import { evolveSignal, type SignalDoc } from './projection';

/** The event store a signal command needs: `@le/event-kit`'s, for the one `signals` stream. */
export type SignalEventStorePort = EventStorePort<SignalEvent>;

/** The projection a command handler writes. */
export interface SignalProjectionPort {
  findSignal(signalId: string): Promise<SignalDoc | null>;
  /** Keeps the document unless the stored one has folded further (a higher seq). */
  saveSignal(doc: SignalDoc): Promise<void>;
}

/** Folds the event into its signal's projected document and saves it; returns the signal after it. */
export const applySignalEvent = async (projection: SignalProjectionPort, event: SignalEvent): Promise<SignalDoc | null> => {
  const before = await projection.findSignal(event.data.signalId);
  const after = evolveSignal(before, event);
  if (after && after !== before) await projection.saveSignal(after);
  return after;
};
