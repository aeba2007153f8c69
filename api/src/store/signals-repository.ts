import {
  SIGNALS_STREAM,
  SignalSeqTakenError,
  type SignalDoc,
  type SignalEvent,
  type SignalEventStorePort,
  type SignalProjectionPort,
} from '@le/signal-core';
import { DuplicateKeyError, type Collection, type Filter, type StoreDriver } from './collection';

/**
 * The signals' event store (`signal_events`, append-only, unique on seq so two writers never take
 * the same place) and its projection (`signals`, one document per signal, a fold of its events).
 */
export class SignalsRepository implements SignalEventStorePort, SignalProjectionPort {
  /** The last head seen; it can only be behind (another process wrote), never ahead. */
  private headHint: number | null = null;

  private constructor(
    private readonly events: Collection<SignalEvent>,
    private readonly signals: Collection<SignalDoc>,
  ) {}

  static async open(driver: StoreDriver): Promise<SignalsRepository> {
    const events = await driver.collection<SignalEvent>('signal_events', [
      { fields: { stream: 1, seq: 1 }, unique: true },
      { fields: { 'data.signalId': 1, seq: 1 } },
    ]);
    const signals = await driver.collection<SignalDoc>('signals', [
      { fields: { openedSeq: -1 } },
      { fields: { status: 1, openedSeq: -1 } },
      { fields: { side: 1, openedSeq: -1 } },
      { fields: { seq: -1 } },
    ]);
    const repository = new SignalsRepository(events, signals);
    driver.onRollback(() => {
      repository.headHint = null;
    });
    return repository;
  }

  async head(): Promise<number> {
    if (this.headHint !== null) return this.headHint;
    const head = await this.readHead();
    this.headHint = Math.max(this.headHint ?? 0, head);
    return head;
  }

  /** The last event's seq as stored now (0 when none). */
  async readHead(): Promise<number> {
    const [last] = await this.events.find({ stream: SIGNALS_STREAM }, { sort: { seq: -1 }, limit: 1 });
    return last?.seq ?? 0;
  }

  async insert(event: SignalEvent): Promise<SignalEvent> {
    try {
      await this.events.insertOne(event);
      if ((this.headHint ?? 0) < event.seq) this.headHint = event.seq;
      return event;
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        this.headHint = null;
        throw new SignalSeqTakenError(event.seq);
      }
      throw error;
    }
  }

  /** Events after a seq, ascending (a log read forward). */
  after(after: number, limit: number): Promise<SignalEvent[]> {
    return this.events.find({ stream: SIGNALS_STREAM, seq: { $gt: after } }, { sort: { seq: 1 }, limit });
  }

  /** Every event of these signals, ascending. */
  eventsOf(signalIds: string[]): Promise<SignalEvent[]> {
    if (signalIds.length === 0) return Promise.resolve([]);
    return this.events.find({ 'data.signalId': { $in: signalIds } }, { sort: { seq: 1 } });
  }

  findSignal(signalId: string): Promise<SignalDoc | null> {
    return this.signals.findOne({ _id: signalId });
  }

  /** Keeps the stored document when it has folded as far already (a higher or equal seq). */
  async saveSignal(doc: SignalDoc): Promise<void> {
    const { _id, ...fields } = doc;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await this.signals.updateOne({ _id, seq: { $lt: doc.seq } }, { $set: fields })) return;
      if (await this.signals.findOne({ _id })) return;
      try {
        await this.signals.insertOne(doc);
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
  }

  /** Newest first by the event that opened them; `before` is an `openedSeq`. */
  page(filter: { statuses: SignalDoc['status'][] | null; side: SignalDoc['side'] | null; sideOf: 'all' | 'finished'; before: number | null; limit: number }): Promise<SignalDoc[]> {
    const query: Filter = {};
    if (filter.statuses) query.status = filter.statuses.length === 1 ? filter.statuses[0] : { $in: filter.statuses };
    if (filter.side) {
      query.side = filter.side;
      // A viewer without the levels may filter by side only among finished signals: an open
      // signal's side is part of what it may not see.
      if (filter.sideOf === 'finished') {
        const finished = (filter.statuses ?? ['closed', 'cancelled']).filter((status) => status !== 'open');
        if (finished.length === 0) return Promise.resolve([]);
        query.status = { $in: finished };
      }
    }
    if (filter.before !== null) query.openedSeq = { $lt: filter.before };
    return this.signals.find(query, { sort: { openedSeq: -1 }, limit: filter.limit });
  }

  /** Every finished signal (the record's input). */
  finished(): Promise<SignalDoc[]> {
    return this.signals.find({ status: { $in: ['closed', 'cancelled'] } }, { sort: { openedSeq: 1 } });
  }

  /** The highest seq folded into the projection (0 when empty). */
  async projectedHead(): Promise<number> {
    const [last] = await this.signals.find({}, { sort: { seq: -1 }, limit: 1 });
    return last?.seq ?? 0;
  }
}
