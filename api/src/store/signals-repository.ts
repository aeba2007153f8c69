import { SeqTakenError } from '@le/event-kit';
import {
  SIGNALS_STREAM,
  type SignalDoc,
  type SignalEvent,
  type SignalEventStorePort,
  type SignalProjectionPort,
  type LedgerRecord,
} from '@le/signal-core';
import { DuplicateKeyError, type Collection, type Filter, type StoreDriver } from './collection';

/** A stored signal: the projection's document and whether it is over (closed or cancelled), for the lists' indexes. */
type SignalRecord = SignalDoc & { finished: boolean };

/** A ledger record as stored: keyed by its seq. */
type StoredLedgerRecord = LedgerRecord & { _id: string };

const toLedger = ({ _id: _key, ...record }: StoredLedgerRecord): LedgerRecord => record;

const toRecord = (doc: SignalDoc): SignalRecord => ({ ...doc, finished: doc.status !== 'open' });
const toDoc = ({ finished: _finished, ...doc }: SignalRecord): SignalDoc => doc;

/**
 * The signals' event store (`signal_events`, append-only, unique on seq so two writers never take
 * the same place) and its projection (`signals`, one document per signal, a fold of its events).
 */
export class SignalsRepository implements SignalEventStorePort, SignalProjectionPort {
  /** The last head seen; it can only be behind (another process wrote), never ahead. */
  private headHint: number | null = null;

  private constructor(
    private readonly events: Collection<SignalEvent>,
    private readonly signals: Collection<SignalRecord>,
    private readonly meta: Collection<{ _id: string; seq: number }>,
    private readonly ledger: Collection<StoredLedgerRecord>,
  ) {}

  static async open(driver: StoreDriver): Promise<SignalsRepository> {
    const events = await driver.collection<SignalEvent>('signal_events', [
      { fields: { stream: 1, seq: 1 }, unique: true },
      { fields: { 'data.signalId': 1, seq: 1 } },
    ]);
    const signals = await driver.collection<SignalRecord>('signals', [
      { fields: { openedSeq: -1 } },
      { fields: { finished: 1, openedSeq: -1 } },
      { fields: { side: 1, openedSeq: -1 } },
      { fields: { side: 1, finished: 1, openedSeq: -1 } },
      { fields: { seq: -1 } },
    ]);
    // One document: how far the start-up catch-up has checked the projection against the log.
    const meta = await driver.collection<{ _id: string; seq: number }>('signal_meta');
    // The public ledger: one record per event, computed once (public form, chain, salt).
    const ledger = await driver.collection<StoredLedgerRecord>('signal_ledger', [{ fields: { seq: 1 }, unique: true }]);
    const repository = new SignalsRepository(events, signals, meta, ledger);
    driver.onRollback(() => {
      repository.headHint = null;
    });
    return repository;
  }

  /** The head of the one `signals` stream (the port names the stream; there is no other here). */
  async head(_stream: string = SIGNALS_STREAM): Promise<number> {
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
        throw new SeqTakenError(event.stream, event.seq);
      }
      throw error;
    }
  }

  /** Events after a seq, ascending (a log read forward). */
  after(after: number, limit: number): Promise<SignalEvent[]> {
    return this.events.find({ stream: SIGNALS_STREAM, seq: { $gt: after } }, { sort: { seq: 1 }, limit });
  }

  /** Every event of these signals, ascending. */
  async eventsOf(signalIds: string[]): Promise<SignalEvent[]> {
    if (signalIds.length === 0) return [];
    if (signalIds.length === 1) return this.events.find({ 'data.signalId': signalIds[0] }, { sort: { seq: 1 } });
    // Several index ranges: sorted here (a handful of events each) rather than by a temporary b-tree.
    return (await this.events.find({ 'data.signalId': { $in: signalIds } })).sort((a, b) => a.seq - b.seq);
  }

  async findSignal(signalId: string): Promise<SignalDoc | null> {
    const found = await this.signals.findOne({ _id: signalId });
    return found ? toDoc(found) : null;
  }

  /** Keeps the stored document when it has folded as far already (a higher or equal seq). */
  async saveSignal(doc: SignalDoc): Promise<void> {
    await this.signals.upsertForward(toRecord(doc), { field: 'seq', below: doc.seq });
  }

  /**
   * Newest first by the event that opened them; `before` is an `openedSeq`. `finished`: only open
   * (false), only closed or cancelled (true), or both (null).
   */
  async page(filter: { finished: boolean | null; side: SignalDoc['side'] | null; before: number | null; limit: number }): Promise<SignalDoc[]> {
    const query: Filter = {};
    if (filter.side) query.side = filter.side;
    if (filter.finished !== null) query.finished = filter.finished;
    if (filter.before !== null) query.openedSeq = { $lt: filter.before };
    return (await this.signals.find(query, { sort: { openedSeq: -1 }, limit: filter.limit })).map(toDoc);
  }

  /** Every closed or cancelled signal (the record's input), in no particular order. */
  async finished(): Promise<SignalDoc[]> {
    return (await this.signals.find({ finished: true })).map(toDoc);
  }

  /** Every event up to this seq is known folded: checked by a start-up catch-up (0 before the first). */
  async checkedThrough(): Promise<number> {
    return (await this.meta.findOne({ _id: 'checked' }))?.seq ?? 0;
  }

  /** Moves the mark forward (never back). */
  async setCheckedThrough(seq: number): Promise<void> {
    await this.meta.upsertForward({ _id: 'checked', seq }, { field: 'seq', below: seq });
  }

  /** The highest seq folded into the projection (0 when empty). */
  async projectedHead(): Promise<number> {
    const [last] = await this.signals.find({}, { sort: { seq: -1 }, limit: 1 });
    return last?.seq ?? 0;
  }

  /** The ledger's last record (null before the first). */
  async ledgerHead(): Promise<LedgerRecord | null> {
    const [last] = await this.ledger.find({}, { sort: { seq: -1 }, limit: 1 });
    return last ? toLedger(last) : null;
  }

  async ledgerAt(seq: number): Promise<LedgerRecord | null> {
    const found = await this.ledger.findOne({ seq });
    return found ? toLedger(found) : null;
  }

  /** Ledger records after a seq, ascending. */
  async ledgerAfter(after: number, limit: number): Promise<LedgerRecord[]> {
    return (await this.ledger.find({ seq: { $gt: after } }, { sort: { seq: 1 }, limit })).map(toLedger);
  }

  /**
   * Stores a record once: false when its seq holds one already (another process computed it; the
   * caller reads that one, which an event's own salt makes the same).
   */
  async insertLedger(record: LedgerRecord): Promise<boolean> {
    try {
      await this.ledger.insertOne({ _id: String(record.seq), ...record });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}
