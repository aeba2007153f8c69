import { levelsProblem, SIGNAL_RULES, type SignalSide } from '@le/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendWithRetry, RuleError, SeqTakenError } from '@le/event-kit';
import { decideCancel, decideClose, decideOpen, decideUpdate } from './commands';
import { SIGNALS_STREAM, type NewSignalEvent, type SignalEvent } from './events';
import { evolveSignal, foldSteps, rebuildSignals } from './projection';
import { statsOf } from './stats';
import { applySignalEvent, type SignalEventStorePort } from './store';
import { admin, member, signalDoc } from './test-fixtures';
import { MemorySignalStore } from './testing';

const T0 = Date.parse('2026-01-05T08:00:00.000Z');

/** A price from cents: always 2 decimals at most. */
const price = (cents: number) => cents / 100;

type Op =
  | { kind: 'open'; admin: boolean; side: SignalSide; entry: number; stop: number; targets: number[]; analysis: string | null }
  | { kind: 'update'; admin: boolean; signal: number; stop: number | null; targets: number[] | null; analysis: string | null | undefined }
  | { kind: 'close'; admin: boolean; signal: number; exit: number }
  | { kind: 'cancel'; admin: boolean; signal: number };

/** Offsets in cents from the entry, in the signal's direction; a negative one makes the levels wrong. */
const offset = fc.integer({ min: -300, max: 4_000 });
const targetsArb = fc.array(offset, { minLength: 0, maxLength: 4 });
const isAdmin = fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const opArb: fc.Arbitrary<{ op: Op; advanceMs: number }> = fc.record({
  op: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('open' as const),
        admin: isAdmin,
        side: fc.constantFrom('buy' as const, 'sell' as const),
        entry: fc.integer({ min: 150_000, max: 300_000 }),
        stop: offset,
        targets: fc.oneof({ weight: 4, arbitrary: fc.array(fc.integer({ min: 1, max: 3_000 }), { minLength: 1, maxLength: 3 }) }, { weight: 1, arbitrary: targetsArb }),
        analysis: fc.option(fc.string({ maxLength: 20 })),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('update' as const),
        admin: isAdmin,
        signal: fc.nat(20),
        stop: fc.option(offset),
        targets: fc.option(targetsArb),
        analysis: fc.oneof(fc.constant(undefined), fc.constant(null), fc.constantFrom('', '  ', 'hold'), fc.string({ maxLength: 20 })),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), admin: isAdmin, signal: fc.nat(20), exit: fc.integer({ min: -5_000, max: 5_000 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), admin: isAdmin, signal: fc.nat(20) }) },
  ),
  advanceMs: fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 3_600_000 })),
});

/** Targets from offsets: each one further than the one before (as the offsets are positive). */
const targetsFrom = (side: SignalSide, entryCents: number, offsets: number[]): number[] => {
  const dir = side === 'buy' ? 1 : -1;
  let total = 0;
  return offsets.map((step) => price(entryCents + dir * (total += step)));
};

/** One command through the live path: read the head, decide on the projection, append, apply. */
const command = async (store: MemorySignalStore, op: Op, now: string, ids: string[], newId: () => string): Promise<SignalEvent | null> => {
  const actor = op.admin ? admin : member;
  let decide: () => Promise<NewSignalEvent | null>;
  if (op.kind === 'open') {
    const dir = op.side === 'buy' ? 1 : -1;
    const signalId = `s-${newId()}`;
    decide = async () =>
      decideOpen({
        actor,
        signalId,
        side: op.side,
        entry: price(op.entry),
        stopLoss: price(op.entry - dir * op.stop),
        takeProfits: targetsFrom(op.side, op.entry, op.targets),
        analysis: op.analysis,
        now,
      });
  } else {
    const signalId = ids[op.signal % Math.max(ids.length, 1)] ?? 'missing';
    decide = async () => {
      const signal = await store.findSignal(signalId);
      if (op.kind === 'close') {
        const entryCents = Math.round((signal?.entry ?? 2000) * 100);
        return decideClose({ actor, signalId, exitPrice: price(entryCents + op.exit), now }, { signal });
      }
      if (op.kind === 'cancel') return decideCancel({ actor, signalId, now }, { signal });
      const side = signal?.side ?? 'buy';
      const entryCents = Math.round((signal?.entry ?? 2000) * 100);
      return decideUpdate(
        {
          actor,
          signalId,
          ...(op.stop === null ? {} : { stopLoss: price(entryCents - (side === 'buy' ? 1 : -1) * op.stop) }),
          ...(op.targets === null ? {} : { takeProfits: targetsFrom(side, entryCents, op.targets) }),
          ...(op.analysis === undefined ? {} : { analysis: op.analysis }),
          now,
        },
        { signal },
      );
    };
  }
  const event = await appendWithRetry(store, SIGNALS_STREAM, decide, newId);
  if (event) {
    await applySignalEvent(store, event);
    if (event.type === 'signal.opened') ids.push(event.data.signalId);
  }
  return event;
};

/** Runs the commands one after the other; refusals are caught and counted by kind. */
const run = async (ops: { op: Op; advanceMs: number }[]) => {
  const store = new MemorySignalStore();
  const ids: string[] = [];
  const refused: Record<string, number> = {};
  let now = T0;
  let counter = 0;
  const newId = () => `e${(counter += 1)}`;
  for (const { op, advanceMs } of ops) {
    now += advanceMs;
    try {
      await command(store, op, new Date(now).toISOString(), ids, newId);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      refused[error.kind] = (refused[error.kind] ?? 0) + 1;
    }
  }
  return { store, ids, refused };
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the signals projection', () => {
  it('a rebuild from the events equals the live projection, for random command sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
        const { store } = await run(ops);
        expect(rebuildSignals(store.events)).toEqual(store.signals);
        expect(store.signals.size).toBe(store.events.filter((event) => event.type === 'signal.opened').length);
      }),
      { numRuns: 150 },
    );
  });

  it('seqs are gapless 1..n, every stored signal has sensible levels, and nothing follows a close or cancel', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
        const { store } = await run(ops);
        expect(store.events.map((event) => event.seq)).toEqual(store.events.map((_, index) => index + 1));
        expect(new Set(store.events.map((event) => event._id)).size).toBe(store.events.length);
        for (const doc of store.signals.values()) {
          // A stop may have moved to the entry or past it: the levels as an open signal may hold them.
          expect(levelsProblem(doc, { moving: true })).toBeNull();
          const own = store.events.filter((event) => event.data.signalId === doc._id);
          expect(doc.seq).toBe(own.at(-1)!.seq);
          expect(doc.openedSeq).toBe(own[0]!.seq);
          const finish = own.findIndex((event) => event.type === 'signal.closed' || event.type === 'signal.cancelled');
          if (finish >= 0) expect(finish).toBe(own.length - 1);
          if (doc.status === 'open') expect(doc).toMatchObject({ closedAt: null, exitPrice: null, outcome: null, pips: null });
          if (doc.status === 'cancelled') {
            expect(doc).toMatchObject({ outcome: 'cancelled', exitPrice: null, pips: null });
            expect(Date.parse(doc.closedAt!) - Date.parse(doc.openedAt)).toBeLessThanOrEqual(SIGNAL_RULES.cancelWindowMs);
          }
          if (doc.status === 'closed') expect(['tp', 'sl', 'manual']).toContain(doc.outcome);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('applying every event a second time, or rebuilding from a doubled, shuffled log, changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), fc.integer(), async (ops, seed) => {
        const { store } = await run(ops);
        const before = new Map([...store.signals].map(([id, signal]) => [id, clone(signal)]));
        for (const event of store.events) await applySignalEvent(store, event);
        expect(store.signals).toEqual(before);
        const shuffled = [...store.events, ...store.events].sort((a, b) => ((a.seq * 7919 + seed) % 17) - ((b.seq * 7919 + seed) % 17));
        expect(rebuildSignals(shuffled)).toEqual(before);
      }),
      { numRuns: 80 },
    );
  });

  it('the record folded from the rebuild adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
        const { store } = await run(ops);
        const docs = [...rebuildSignals(store.events).values()];
        const stats = statsOf(store.events);
        const closed = docs.filter((doc) => doc.status === 'closed');
        expect(stats.closed).toBe(closed.length);
        expect(stats.wins + stats.losses + stats.breakeven).toBe(stats.closed);
        expect(stats.cancelled).toBe(docs.filter((doc) => doc.status === 'cancelled').length);
        expect(stats.pips).toBeCloseTo(closed.reduce((sum, doc) => sum + doc.pips!, 0), 6);
        expect(stats.curve.at(-1)?.pips ?? 0).toBe(stats.pips);
        expect(stats.byMonth.reduce((sum, row) => sum + row.closed, 0)).toBe(stats.closed);
      }),
      { numRuns: 60 },
    );
  });

  it('the random sequences exercise refusals of every kind', async () => {
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 20, maxLength: 60 }), async (ops) => {
        for (const kind of Object.keys((await run(ops)).refused)) kinds.add(kind);
      }),
      { numRuns: 40, seed: 42 },
    );
    expect([...kinds].sort()).toEqual(['conflict', 'forbidden', 'invalid', 'not_found']);
  });
});

describe('concurrent writers', () => {
  const newIds = () => {
    let counter = 0;
    return () => `e${(counter += 1)}`;
  };
  const attempt = async (write: () => Promise<SignalEvent | null>): Promise<SignalEvent | null | string> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof RuleError) return error.code ?? '';
      throw error;
    }
  };
  const now = (ms: number) => new Date(T0 + ms).toISOString();

  it('give gapless, unique seqs to opens, then to updates, closes and cancels of those signals', async () => {
    const store = new MemorySignalStore();
    const ids: string[] = [];
    const newId = newIds();
    const open = (index: number): Op => ({ kind: 'open', admin: true, side: index % 2 ? 'sell' : 'buy', entry: 200_000 + index * 100, stop: 500, targets: [500, 500], analysis: null });
    // At most 40 writers at once: each retry is another writer's success, so none runs out of its 50 attempts.
    const opened = await Promise.all(Array.from({ length: 20 }, (_, index) => command(store, open(index), now(0), ids, newId)));
    expect(opened.map((event) => event!.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(store.signals.size).toBe(20);

    const later: Op[] = ids.flatMap((_, index): Op[] => [
      { kind: 'update', admin: true, signal: index, stop: 300, targets: null, analysis: `note ${index}` },
      index % 3 === 0 ? { kind: 'cancel', admin: true, signal: index } : { kind: 'close', admin: true, signal: index, exit: 250 },
    ]);
    await Promise.all(later.map((op) => attempt(() => command(store, op, now(60_000), ids, newId))));
    expect(store.events.map((event) => event.seq).sort((a, b) => a - b)).toEqual(store.events.map((_, index) => index + 1));
    expect(store.events.length).toBeGreaterThanOrEqual(20 + 20);
    expect(rebuildSignals(store.events)).toEqual(store.signals);
    for (const doc of store.signals.values()) expect(doc.status).not.toBe('open');
  });

  it('racing closes and a cancel of one signal: the first to be stored stands, the signal never changes after it', async () => {
    for (let round = 0; round < 20; round += 1) {
      const store = new MemorySignalStore();
      const ids: string[] = [];
      const newId = newIds();
      await command(store, { kind: 'open', admin: true, side: 'buy', entry: 238_000, stop: 1_000, targets: [1_000], analysis: null }, now(0), ids, newId);
      const racers: Op[] = [
        { kind: 'close', admin: true, signal: 0, exit: 1_000 },
        { kind: 'close', admin: true, signal: 0, exit: -2_000 },
        { kind: 'cancel', admin: true, signal: 0 },
        { kind: 'update', admin: true, signal: 0, stop: 10, targets: null, analysis: undefined },
      ];
      // A different order of start each round.
      const order = racers.map((_, index) => racers[(index + round) % racers.length]!);
      await Promise.all(order.map((op) => attempt(() => command(store, op, now(1000), ids, newId))));
      expect(store.events.map((event) => event.seq).sort((a, b) => a - b)).toEqual(store.events.map((_, index) => index + 1));
      const first = [...store.events].sort((a, b) => a.seq - b.seq).find((event) => event.type === 'signal.closed' || event.type === 'signal.cancelled')!;
      const doc = store.signals.get(ids[0]!)!;
      expect(doc.seq).toBe(first.seq);
      if (first.type === 'signal.closed') expect(doc).toMatchObject({ status: 'closed', exitPrice: first.data.exitPrice, pips: first.data.pips, outcome: first.data.outcome });
      else expect(doc).toMatchObject({ status: 'cancelled', exitPrice: null, pips: null, outcome: 'cancelled' });
      expect(rebuildSignals(store.events)).toEqual(store.signals);
    }
  });
});

describe('foldSteps', () => {
  const stored = (seq: number, event: NewSignalEvent): SignalEvent => ({ ...event, _id: `e${seq}`, seq }) as SignalEvent;
  const at = (ms: number) => new Date(T0 + ms).toISOString();
  const open = decideOpen({ actor: admin, signalId: 's1', side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390, 2400], analysis: 'first', now: at(0) });
  const events = [
    stored(1, open),
    stored(3, { type: 'signal.updated', stream: 'signals', actorId: 'admin', at: at(1000), data: { signalId: 's1', stopLoss: 2375 } }),
    stored(6, { type: 'signal.updated', stream: 'signals', actorId: 'admin', at: at(2000), data: { signalId: 's1', takeProfits: [2395], analysis: null } }),
    stored(8, { type: 'signal.closed', stream: 'signals', actorId: 'admin', at: at(3000), data: { signalId: 's1', exitPrice: 2395, pips: 150, outcome: 'tp' } }),
  ];

  it('given a signal’s events in any order, then one step per event in seq order, each the signal right after it', () => {
    const steps = foldSteps([events[2]!, events[0]!, events[3]!, events[1]!]);
    expect(steps.map((step) => step.event.seq)).toEqual([1, 3, 6, 8]);
    expect(steps.map(({ doc: after }) => [after.seq, after.status, after.stopLoss, after.takeProfits, after.analysis, after.updatedAt])).toEqual([
      [1, 'open', 2370, [2390, 2400], 'first', at(0)],
      [3, 'open', 2375, [2390, 2400], 'first', at(1000)],
      [6, 'open', 2375, [2395], null, at(2000)],
      [8, 'closed', 2375, [2395], null, at(3000)],
    ]);
    expect(steps[3]!.doc).toMatchObject({ openedSeq: 1, closedAt: at(3000), exitPrice: 2395, pips: 150, outcome: 'tp' });
    expect(steps[3]!.doc).toEqual(rebuildSignals(events).get('s1'));
  });

  it('given no opening event, then no steps', () => {
    expect(foldSteps([])).toEqual([]);
    expect(foldSteps(events.slice(1))).toEqual([]);
  });
});

describe('evolveSignal', () => {
  const stored = (seq: number, event: NewSignalEvent): SignalEvent => ({ ...event, _id: `e${seq}`, seq }) as SignalEvent;
  const at = (ms: number) => new Date(T0 + ms).toISOString();
  const open = stored(1, decideOpen({ actor: admin, signalId: 's1', side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390], now: at(0) }));
  const moveStop = (seq: number, stopLoss: number, signalId = 's1') =>
    stored(seq, { type: 'signal.updated', stream: 'signals', actorId: 'admin', at: at(seq * 1000), data: { signalId, stopLoss } });

  it('given an event at or below the signal’s seq, then the signal is returned unchanged (no step back)', () => {
    const after = rebuildSignals([open, moveStop(2, 2372), moveStop(3, 2375)]).get('s1')!;
    expect(evolveSignal(after, moveStop(2, 2372))).toBe(after);
    expect(evolveSignal(after, moveStop(3, 2375))).toBe(after);
    expect(evolveSignal(after, open)).toBe(after);
    expect(after).toMatchObject({ seq: 3, stopLoss: 2375, updatedAt: at(3000) });
  });

  it('given another signal’s event or no signal, then nothing changes', () => {
    const doc = evolveSignal(null, open)!;
    expect(evolveSignal(doc, moveStop(2, 2372, 's2'))).toBe(doc);
    expect(evolveSignal(null, moveStop(2, 2372))).toBeNull();
  });

  it('given a closed or cancelled signal, then a later event (decided on a stale read) changes nothing', () => {
    const close = stored(2, { type: 'signal.closed', stream: 'signals', actorId: 'admin', at: at(2000), data: { signalId: 's1', exitPrice: 2390, pips: 100, outcome: 'tp' } });
    const closed = rebuildSignals([open, close]).get('s1')!;
    const secondClose = stored(3, { type: 'signal.closed', stream: 'signals', actorId: 'admin', at: at(3000), data: { signalId: 's1', exitPrice: 2360, pips: -200, outcome: 'sl' } });
    const cancel = stored(4, { type: 'signal.cancelled', stream: 'signals', actorId: 'admin', at: at(4000), data: { signalId: 's1' } });
    expect(evolveSignal(closed, secondClose)).toBe(closed);
    expect(evolveSignal(closed, moveStop(5, 2385))).toBe(closed);
    expect(evolveSignal(closed, cancel)).toBe(closed);
    expect(rebuildSignals([open, close, secondClose, cancel, moveStop(5, 2385)]).get('s1')).toEqual(closed);
    const cancelled = rebuildSignals([open, { ...cancel, seq: 2 }]).get('s1')!;
    expect(evolveSignal(cancelled, secondClose)).toBe(cancelled);
  });
});

describe('the store', () => {
  const at = new Date(T0).toISOString();
  const openEvent = (signalId = 's1') => decideOpen({ actor: admin, signalId, side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390], now: at });

  it('given a decision of nothing, then nothing is stored and null comes back', async () => {
    const store = new MemorySignalStore();
    expect(await appendWithRetry(store, SIGNALS_STREAM, async () => null, () => 'e1')).toBeNull();
    expect(store.events).toEqual([]);
  });

  it('given a place always taken, then it decides again and gives up after maxAttempts; another error is thrown at once', async () => {
    let decisions = 0;
    const taken: SignalEventStorePort = {
      head: async () => 7,
      insert: async (event) => {
        throw new SeqTakenError(event.stream, event.seq);
      },
    };
    await expect(appendWithRetry(taken, SIGNALS_STREAM, async () => ((decisions += 1), openEvent()), () => 'e', 3)).rejects.toBeInstanceOf(SeqTakenError);
    expect(decisions).toBe(3);
    decisions = 0;
    const broken: SignalEventStorePort = { head: async () => 0, insert: async () => Promise.reject(new Error('disk full')) };
    await expect(appendWithRetry(broken, SIGNALS_STREAM, async () => ((decisions += 1), openEvent()), () => 'e', 3)).rejects.toThrow('disk full');
    expect(decisions).toBe(1);
  });

  it('given the head, then the decision sees it and the event takes head + 1', async () => {
    const store = new MemorySignalStore();
    const heads: number[] = [];
    const first = await appendWithRetry(store, SIGNALS_STREAM, async (head) => (heads.push(head), openEvent()), () => 'e1');
    const second = await appendWithRetry(store, SIGNALS_STREAM, async (head) => (heads.push(head), openEvent('s2')), () => 'e2');
    expect(heads).toEqual([0, 1]);
    expect([first?.seq, first?._id, second?.seq, second?._id]).toEqual([1, 'e1', 2, 'e2']);
  });

  it('given a document folded further, then saving an older one keeps the newer', async () => {
    const store = new MemorySignalStore();
    const newer = signalDoc('s1', { seq: 5, pips: 10 });
    await store.saveSignal(newer);
    await store.saveSignal(signalDoc('s1', { seq: 4, pips: -10 }));
    await store.saveSignal(signalDoc('s1', { seq: 5, pips: -20 }));
    expect(store.signals.get('s1')).toEqual(newer);
    const found = await store.findSignal('s1');
    found!.takeProfits.push(1);
    expect(store.signals.get('s1')!.takeProfits).toEqual([2390]);
    expect(await store.findSignal('nope')).toBeNull();
  });
});
