import {
  evolveSignal,
  decideCancel,
  decideClose,
  decideOpen,
  decideUpdate,
  foldSteps,
  statsOf,
  viewSignalEventFor,
  viewSignalFor,
  viewTimelineFor,
  ledgerEntryFor,
  SIGNALS_STREAM,
  type NewSignalEvent,
  type SignalActor,
  type SignalDoc,
  type SignalEvent,
} from '@le/signal-core';
import {
  ROOMS,
  signalAccessOf,
  type Signal,
  type SignalAccess,
  type SignalDetail,
  type SignalEventPayload,
  type SignalOpenBody,
  type SignalPatchBody,
  type SignalLedgerCheckpoints,
  type SignalLedgerPage,
  type SignalStats,
  SIGNAL_LEDGER,
} from '@le/contracts';
import { appendWithRetry } from '@le/event-kit';
import { notFound } from '../../lib/errors';
import { checkpointsOf, newSalt, recordAppended } from './ledger';
import { newId } from '../../lib/ids';
import type { EventPublisher } from '../../plugins/app/publisher';
import type { Store, UserRecord } from '../../store';
import type { PushNotifier } from '../push';
import { StreamWriter } from '../stream-writer';

/** Who reads: a signed-in user (their stored role and membership), or null for a guest. */
export type SignalReader = UserRecord | null;

const STATS_PAGE = 1000;

export interface SignalListQuery {
  status: 'open' | 'closed' | 'all';
  side: 'buy' | 'sell' | null;
  before: number | null;
  limit: number;
}

/**
 * The signals (contract §8): writes decided by signal-core into events of the one `signals`
 * stream, appended with a gapless seq, folded into the projection in the same commit, then
 * published to each audience in its own view. Reads are folds of the same events, each redacted
 * by `viewSignalFor` for the caller. One instance per app: its write queue must be shared.
 */
export class SignalService {
  private readonly writer: StreamWriter;
  private statsCache: { head: number; stats: SignalStats } | null = null;
  private checkpointsCache: { head: number; day: string; checkpoints: SignalLedgerCheckpoints['checkpoints'] } | null = null;

  constructor(
    private readonly store: Store,
    private readonly out: { readonly publisher: EventPublisher; readonly push?: PushNotifier },
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.writer = new StreamWriter(store);
  }

  private accessOf(reader: SignalReader): SignalAccess {
    return signalAccessOf(reader, this.clock().getTime());
  }

  private actorOf(user: UserRecord): SignalActor {
    return { _id: user._id, name: user.name, isAdmin: user.role === 'admin' };
  }

  /**
   * Decides on the signal as its events leave it (read after the head the command decides on,
   * never the projection, which another process may not have folded yet), appends, saves the fold
   * of all its events (that state plus this event: a fold another process lost is repaired, never
   * built on) in the same commit, then publishes. `doc` is the signal after the command, or as it
   * was when the command changed nothing.
   */
  private write(
    signalId: string | null,
    decide: (state: SignalDoc | null, now: string) => NewSignalEvent | null,
  ): Promise<{ event: SignalEvent | null; doc: SignalDoc | null }> {
    return this.writer.write(
      SIGNALS_STREAM,
      async () => {
        let state = null as SignalDoc | null;
        const event = await appendWithRetry(
          this.store.signals,
          SIGNALS_STREAM,
          async () => {
            state = signalId === null ? null : await this.fromEvents(signalId);
            const decided = decide(state, this.clock().toISOString());
            // The salt is written with the event: the ledger's commitments to it are computed from it alone.
            return decided && { ...decided, salt: newSalt() };
          },
          newId,
        );
        if (!event) return { event: null, doc: state };
        const doc = evolveSignal(state, event)!;
        await this.store.signals.saveSignal(doc);
        await recordAppended(this.store, event, doc);
        return { event, doc };
      },
      ({ event, doc }) => {
        if (event && doc) this.publish(event, doc);
      },
    );
  }

  /** One publish per audience: everything, the levels, and the rest (guests included). */
  private publish(event: SignalEvent, doc: SignalDoc): void {
    const { publisher } = this.out;
    const full = ROOMS.signals('full');
    const levels = ROOMS.signals('levels');
    publisher.emit([full], 'signal:event', viewSignalEventFor(event, doc, 'full'));
    publisher.emit([levels], 'signal:event', viewSignalEventFor(event, doc, 'levels'));
    publisher.emitExcept([full, levels], 'signal:event', viewSignalEventFor(event, doc, 'none'));
    this.out.push?.notify({ kind: 'signal', event, doc });
  }

  /**
   * The signal as its events leave it, read after the head the command decides on: never the
   * projection, which another process may not have folded yet.
   */
  private async fromEvents(signalId: string): Promise<SignalDoc | null> {
    return foldSteps(await this.store.signals.eventsOf([signalId])).at(-1)?.doc ?? null;
  }

  private async current(signalId: string): Promise<SignalDoc> {
    const doc = await this.store.signals.findSignal(signalId);
    if (!doc) throw notFound('Signal not found.', 'SIGNAL_NOT_FOUND');
    return doc;
  }

  async open(user: UserRecord, body: SignalOpenBody): Promise<Signal> {
    const signalId = newId();
    const { doc } = await this.write(null, (_state, now) => decideOpen({ actor: this.actorOf(user), signalId, ...body, now }));
    return viewSignalFor(doc!, this.accessOf(user));
  }

  /** A command on one signal; an unknown one is refused by the decision (404). */
  private async change(
    user: UserRecord,
    signalId: string,
    decide: (actor: SignalActor, state: SignalDoc | null, now: string) => NewSignalEvent | null,
  ): Promise<Signal> {
    const { doc } = await this.write(signalId, (state, now) => decide(this.actorOf(user), state, now));
    return viewSignalFor(doc!, this.accessOf(user));
  }

  update(user: UserRecord, signalId: string, body: SignalPatchBody): Promise<Signal> {
    return this.change(user, signalId, (actor, signal, now) => decideUpdate({ actor, signalId, ...body, now }, { signal }));
  }

  close(user: UserRecord, signalId: string, exitPrice: number): Promise<Signal> {
    return this.change(user, signalId, (actor, signal, now) => decideClose({ actor, signalId, exitPrice, now }, { signal }));
  }

  cancel(user: UserRecord, signalId: string): Promise<Signal> {
    return this.change(user, signalId, (actor, signal, now) => decideCancel({ actor, signalId, now }, { signal }));
  }

  /** Newest first, as the reader may see them; the cursor is the last one's opening seq. */
  async list(reader: SignalReader, query: SignalListQuery): Promise<{ signals: Signal[]; nextCursor: string | null }> {
    const access = this.accessOf(reader);
    // A viewer without the levels may filter by side only among finished signals: an open
    // signal's side is part of what they may not see.
    const sideBlind = query.side !== null && access === 'none';
    if (sideBlind && query.status === 'open') return { signals: [], nextCursor: null };
    const docs = await this.store.signals.page({
      finished: query.status === 'open' ? false : query.status === 'closed' || sideBlind ? true : null,
      side: query.side,
      before: query.before,
      limit: query.limit + 1,
    });
    const page = docs.slice(0, query.limit);
    return {
      signals: page.map((doc) => viewSignalFor(doc, access)),
      nextCursor: docs.length > query.limit ? String(page.at(-1)!.openedSeq) : null,
    };
  }

  async detail(reader: SignalReader, signalId: string): Promise<SignalDetail> {
    const doc = await this.current(signalId);
    const access = this.accessOf(reader);
    const events = await this.store.signals.eventsOf([signalId]);
    return { signal: viewSignalFor(doc, access), events: viewTimelineFor(events, doc, access) };
  }

  /** Events after `after`, ascending, each with its signal as it was right after it, as the reader may see it. */
  async events(reader: SignalReader, after: number, limit: number): Promise<SignalEventPayload[]> {
    const access = this.accessOf(reader);
    const events = await this.store.signals.after(after, limit);
    if (events.length === 0) return [];
    const ids = [...new Set(events.map((event) => event.data.signalId))];
    const bySignal = new Map<string, SignalEvent[]>();
    for (const event of await this.store.signals.eventsOf(ids)) {
      bySignal.set(event.data.signalId, [...(bySignal.get(event.data.signalId) ?? []), event]);
    }
    const afterEach = new Map<number, SignalDoc>();
    for (const history of bySignal.values()) for (const step of foldSteps(history)) afterEach.set(step.event.seq, step.doc);
    return events.flatMap((event) => {
      const doc = afterEach.get(event.seq);
      return doc ? [viewSignalEventFor(event, doc, access)] : [];
    });
  }

  /** These signals as they were right after each of their events, and as they are now. */
  private async statesOf(ids: string[]) {
    const afterEach = new Map<number, SignalDoc>();
    const current = new Map<string, SignalDoc>();
    const bySignal = new Map<string, SignalEvent[]>();
    for (const event of await this.store.signals.eventsOf([...new Set(ids)])) {
      bySignal.set(event.data.signalId, [...(bySignal.get(event.data.signalId) ?? []), event]);
    }
    for (const history of bySignal.values()) {
      for (const step of foldSteps(history)) {
        afterEach.set(step.event.seq, step.doc);
        current.set(step.doc._id, step.doc);
      }
    }
    return { afterEach, current };
  }

  /**
   * The public ledger after a seq (contract §8): every entry's public form and chain; the reveal
   * (salt and levels as they stood after the event) once its signal is finished, or for viewers
   * who see its levels while open; the analysis only for those who may read it. The levels are
   * folded from the events as stored: a changed event shows as a reveal that fails its commitment.
   */
  async ledger(reader: SignalReader, after: number, limit: number): Promise<SignalLedgerPage> {
    const access = this.accessOf(reader);
    const [records, headRecord] = await Promise.all([this.store.signals.ledgerAfter(after, limit), this.store.signals.ledgerHead()]);
    const { afterEach, current } = await this.statesOf(records.map((record) => record.signalId));
    const entries = records.flatMap((record) => {
      const doc = afterEach.get(record.seq);
      const now = current.get(record.signalId);
      return doc && now ? [ledgerEntryFor(record, doc, now, access)] : [];
    });
    return { entries, head: headRecord ? { seq: headRecord.seq, hash: headRecord.hash } : { seq: 0, hash: SIGNAL_LEDGER.genesisHash } };
  }

  /** The head at the end of each finished UTC day, for people to keep elsewhere. */
  async checkpoints(): Promise<SignalLedgerCheckpoints> {
    const head = (await this.store.signals.ledgerHead())?.seq ?? 0;
    const day = this.clock().toISOString().slice(0, 10);
    if (this.checkpointsCache?.head === head && this.checkpointsCache.day === day) return { checkpoints: this.checkpointsCache.checkpoints };
    const records: Array<{ seq: number; at: string; hash: string }> = [];
    for (let from = 0; ; ) {
      const page = await this.store.signals.ledgerAfter(from, SIGNAL_LEDGER.pageMax);
      records.push(...page.map(({ seq, at, hash }) => ({ seq, at, hash })));
      if (page.length < SIGNAL_LEDGER.pageMax) break;
      from = page.at(-1)!.seq;
    }
    const checkpoints = checkpointsOf(records, this.clock());
    this.checkpointsCache = { head: records.at(-1)?.seq ?? 0, day, checkpoints };
    return { checkpoints };
  }

  /** Every event of the stream, ascending (the record's input: a few a day). */
  private async allEvents(): Promise<SignalEvent[]> {
    const events: SignalEvent[] = [];
    for (let after = 0; ; ) {
      const page = await this.store.signals.after(after, STATS_PAGE);
      events.push(...page);
      if (page.length < STATS_PAGE) return events;
      after = page.at(-1)!.seq;
    }
  }

  /** The record, folded from the events (contract §8); recomputed only when the stream moved. */
  async stats(): Promise<SignalStats> {
    const head = await this.store.signals.readHead();
    if (this.statsCache?.head === head) return this.statsCache.stats;
    const events = await this.allEvents();
    const stats = statsOf(events);
    this.statsCache = { head: events.at(-1)?.seq ?? 0, stats };
    return stats;
  }
}

export const createSignalService = (store: Store, out: { publisher: EventPublisher; push?: PushNotifier }, clock?: () => Date): SignalService =>
  new SignalService(store, out, clock);
