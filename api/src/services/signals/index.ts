import {
  appendSignalEvent,
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
  type SignalStats,
} from '@le/contracts';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventPublisher } from '../../plugins/app/publisher';
import type { Store, UserRecord } from '../../store';

/** Who reads: a signed-in user (their stored role and membership), or null for a guest. */
export type SignalReader = UserRecord | null;

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
  private queue: Promise<unknown> = Promise.resolve();
  private statsCache: { head: number; stats: SignalStats } | null = null;

  constructor(
    private readonly store: Store,
    /** Read at each publish: the realtime side is attached after the app is built (main.ts). */
    private readonly realtime: { publisher: EventPublisher },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private accessOf(reader: SignalReader): SignalAccess {
    return signalAccessOf(reader, this.clock().getTime());
  }

  private actorOf(user: UserRecord): SignalActor {
    return { _id: user._id, name: user.name, isAdmin: user.role === 'admin' };
  }

  /** Runs after every earlier write of this process, so the projection follows the event order. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Decides on the signal as its events leave it (read after the head the command decides on,
   * never the projection, which another process may not have folded yet), appends, saves the fold
   * of all its events (that state plus this event: a fold another process lost is repaired, never
   * built on) in the same commit, then publishes. `doc` is the signal after the command, or as it
   * was when the command changed nothing.
   */
  private async write(
    signalId: string | null,
    decide: (state: SignalDoc | null, now: string) => NewSignalEvent | null,
  ): Promise<{ event: SignalEvent | null; doc: SignalDoc | null }> {
    const written = await this.serial(() =>
      this.store.deferDurability(async () => {
        let state = null as SignalDoc | null;
        const event = await appendSignalEvent(
          this.store.signals,
          async () => {
            state = signalId === null ? null : await this.fromEvents(signalId);
            return decide(state, this.clock().toISOString());
          },
          newId,
        );
        if (!event) return { event: null, doc: state };
        const doc = evolveSignal(state, event)!;
        await this.store.signals.saveSignal(doc);
        return { event, doc };
      }),
    );
    await written.durable();
    const { event, doc } = written.value;
    if (event && doc) this.publish(event, doc);
    return written.value;
  }

  /** One publish per audience: everything, the levels, and the rest (guests included). */
  private publish(event: SignalEvent, doc: SignalDoc): void {
    const { publisher } = this.realtime;
    const full = ROOMS.signals('full');
    const levels = ROOMS.signals('levels');
    publisher.emit([full], 'signal:event', viewSignalEventFor(event, doc, 'full'));
    publisher.emit([levels], 'signal:event', viewSignalEventFor(event, doc, 'levels'));
    publisher.emitExcept([full, levels], 'signal:event', viewSignalEventFor(event, doc, 'none'));
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

  /** The record, folded from the finished signals; recomputed only when the stream moved. */
  async stats(): Promise<SignalStats> {
    const head = await this.store.signals.readHead();
    if (this.statsCache?.head === head) return this.statsCache.stats;
    const stats = statsOf(await this.store.signals.finished());
    // Kept only when the projection had folded every event (another process may be between its
    // append and its fold): a record that misses a close is never served from the cache.
    if ((await this.store.signals.projectedHead()) === head) this.statsCache = { head, stats };
    return stats;
  }
}

export const createSignalService = (store: Store, realtime: { publisher: EventPublisher }, clock?: () => Date): SignalService =>
  new SignalService(store, realtime, clock);
