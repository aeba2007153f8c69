/** The signals' in-memory store, for tests only (`@le/signal-core/testing`). */
import { clone, MemoryEventLog, tick } from '@le/event-kit/testing';
import type { SignalEvent } from './events';
import type { SignalDoc } from './projection';
import type { SignalProjectionPort } from './store';

/** Events and the projection in memory: the reference adapter for tests (every call yields, like I/O). */
export class MemorySignalStore extends MemoryEventLog<SignalEvent> implements SignalProjectionPort {
  readonly signals = new Map<string, SignalDoc>();

  async findSignal(signalId: string): Promise<SignalDoc | null> {
    await tick();
    const doc = this.signals.get(signalId);
    return doc ? clone(doc) : null;
  }

  async saveSignal(doc: SignalDoc): Promise<void> {
    await tick();
    const stored = this.signals.get(doc._id);
    if (!stored || stored.seq < doc.seq) this.signals.set(doc._id, clone(doc));
  }
}
