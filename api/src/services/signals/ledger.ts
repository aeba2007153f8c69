import { createHash, randomBytes } from 'node:crypto';
import { SIGNAL_LEDGER } from '@le/contracts';
import { foldSteps, isSalt, ledgerRecordOf, type LedgerRecord, type SignalDoc, type SignalEvent } from '@le/signal-core';
import type { Store } from '../../store';

const PAGE = 500;

/** Lower-case hex SHA-256 of the UTF-8 bytes. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A fresh salt: 32 random hex characters. */
export const newSalt = (): string => randomBytes(SIGNAL_LEDGER.saltLength / 2).toString('hex');

/**
 * Stores the record of `event` chained to the record before it, which must be stored already.
 * Returns the record as stored (another process may have stored the same seq first).
 */
const storeRecord = async (store: Store, event: SignalEvent, doc: SignalDoc, prevHash: string): Promise<LedgerRecord> => {
  // An event of a build before the ledger has no salt of its own: one is drawn, kept in the record.
  const record = ledgerRecordOf(sha256Hex, event, doc, prevHash, isSalt(event.salt) ? event.salt : newSalt());
  if (await store.signals.insertLedger(record)) return record;
  const stored = await store.signals.ledgerAt(event.seq);
  if (!stored) throw new Error(`ledger record #${event.seq} was taken and then not found`);
  return stored;
};

/**
 * Brings the ledger up to the events' head, in seq order: the chain of a DATA_DIR from a build
 * before the ledger is built at its first start, and a record another process did not get to
 * write (it stopped between its event and its record) is written by the next writer. Stops at a
 * gap in the events (another writer between its seq and its insert): the next call goes on.
 */
export const extendLedger = async (store: Store): Promise<{ records: number }> => {
  let head = await store.signals.ledgerHead();
  let records = 0;
  for (;;) {
    const events = await store.signals.after(head?.seq ?? 0, PAGE);
    if (events.length === 0) return { records };
    const history = await store.signals.eventsOf([...new Set(events.map((event) => event.data.signalId))]);
    const after = new Map<number, SignalDoc>();
    for (const step of foldSteps(history)) after.set(step.event.seq, step.doc);
    for (const event of events) {
      const doc = after.get(event.seq);
      if (event.seq !== (head?.seq ?? 0) + 1 || !doc) return { records };
      head = await storeRecord(store, event, doc, head?.hash ?? SIGNAL_LEDGER.genesisHash);
      records += 1;
    }
  }
};

/**
 * The record of an event just appended, `doc` its signal right after it. When the record before
 * it is missing (a build before the ledger, or a process that stopped between its event and its
 * record), the chain is brought up to date first, this event included.
 */
export const recordAppended = async (store: Store, event: SignalEvent, doc: SignalDoc): Promise<void> => {
  const prevHash = event.seq === 1 ? SIGNAL_LEDGER.genesisHash : (await store.signals.ledgerAt(event.seq - 1))?.hash;
  if (prevHash === undefined) {
    await extendLedger(store);
    return;
  }
  await storeRecord(store, event, doc, prevHash);
};

/** The head at the end of each finished UTC day that had events, oldest first. */
export const checkpointsOf = (records: readonly Pick<LedgerRecord, 'seq' | 'at' | 'hash'>[], now: Date): Array<{ date: string; seq: number; hash: string }> => {
  const today = now.toISOString().slice(0, 10);
  const byDay = new Map<string, { date: string; seq: number; hash: string }>();
  for (const record of records) {
    const date = new Date(record.at).toISOString().slice(0, 10);
    if (date >= today) continue;
    const last = byDay.get(date);
    if (!last || last.seq < record.seq) byDay.set(date, { date, seq: record.seq, hash: record.hash });
  }
  return [...byDay.values()].sort((a, b) => a.seq - b.seq);
};
