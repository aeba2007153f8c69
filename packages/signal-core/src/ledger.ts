import {
  canonicalJson,
  SIGNAL_LEDGER,
  type SignalAccess,
  type SignalEventType,
  type SignalLedgerCommitments,
  type SignalLedgerEntry,
  type SignalOutcome,
  type SignalStatus,
} from '@le/contracts';
import type { SignalEvent } from './events';
import type { SignalDoc } from './projection';

/**
 * The public ledger (contract §8): every event of the `signals` stream in a public form that
 * commits to the levels and the analysis without showing them, each hashed with the one before.
 * Pure: the SHA-256 (lower-case hex of the UTF-8 bytes) is given by the caller.
 */
export type Sha256Hex = (text: string) => string;

/** An event's public form: what anyone may read of it, whoever they are and whenever. */
export interface LedgerPublicForm {
  seq: number;
  type: SignalEventType;
  at: string;
  signalId: string;
  status: SignalStatus;
  exitPrice: number | null;
  outcome: SignalOutcome | null;
  pips: number | null;
  author: { _id: string; name: string };
  commitments: SignalLedgerCommitments;
}

/** What the store keeps per event, computed once: the public form, its place in the chain and the salt. */
export interface LedgerRecord extends LedgerPublicForm {
  prevHash: string;
  hash: string;
  salt: string;
}

const levelsOf = (doc: SignalDoc) => ({ side: doc.side, entry: doc.entry, stopLoss: doc.stopLoss, takeProfits: [...doc.takeProfits] });

/** sha256(salt + "\n" + JCS(levels)) and sha256(salt + "\n" + JCS(analysis)), the signal as it stands after the event. */
export const commitmentsOf = (sha256: Sha256Hex, salt: string, doc: SignalDoc): SignalLedgerCommitments => ({
  levels: sha256(`${salt}\n${canonicalJson(levelsOf(doc))}`),
  analysis: sha256(`${salt}\n${canonicalJson(doc.analysis)}`),
});

/** The public form of an event, `doc` being its signal right after it. */
export const publicFormOf = (event: SignalEvent, doc: SignalDoc, commitments: SignalLedgerCommitments): LedgerPublicForm => ({
  seq: event.seq,
  type: event.type,
  at: event.at,
  signalId: event.data.signalId,
  status: doc.status,
  exitPrice: doc.exitPrice,
  outcome: doc.outcome,
  pips: doc.pips,
  author: { _id: doc.author._id, name: doc.author.name },
  commitments,
});

/** Only the public form's fields, in any order (JCS sorts them): what the hash covers. */
export const publicFormFields = (entry: LedgerPublicForm): LedgerPublicForm => ({
  seq: entry.seq,
  type: entry.type,
  at: entry.at,
  signalId: entry.signalId,
  status: entry.status,
  exitPrice: entry.exitPrice,
  outcome: entry.outcome,
  pips: entry.pips,
  author: { _id: entry.author._id, name: entry.author.name },
  commitments: { levels: entry.commitments.levels, analysis: entry.commitments.analysis },
});

/** hash = sha256(prevHash + "\n" + JCS(public form)). */
export const chainHashOf = (sha256: Sha256Hex, prevHash: string, form: LedgerPublicForm): string => sha256(`${prevHash}\n${canonicalJson(publicFormFields(form))}`);

/** The record of one event, chained to the hash before it (the genesis hash for seq 1). */
export const ledgerRecordOf = (sha256: Sha256Hex, event: SignalEvent, doc: SignalDoc, prevHash: string, salt: string): LedgerRecord => {
  const form = publicFormOf(event, doc, commitmentsOf(sha256, salt, doc));
  return { ...form, prevHash, hash: chainHashOf(sha256, prevHash, form), salt };
};

export const isSalt = (salt: unknown): salt is string => typeof salt === 'string' && new RegExp(`^[0-9a-f]{${SIGNAL_LEDGER.saltLength}}$`).test(salt);

/**
 * An entry as one viewer may read it: the public form and the chain always; the salt and the
 * levels as they stood after the event once the signal is finished (`current`), or while it is
 * open for viewers who see its levels; the analysis only for those who may read it.
 */
export const ledgerEntryFor = (record: LedgerRecord, after: SignalDoc, current: SignalDoc, access: SignalAccess): SignalLedgerEntry => {
  const { salt, ...rest } = record;
  const entry: SignalLedgerEntry = { ...publicFormFields(rest), prevHash: rest.prevHash, hash: rest.hash };
  if (current.status === 'open' && access === 'none') return entry;
  return {
    ...entry,
    reveal: { salt, ...levelsOf(after), ...(access === 'full' ? { analysis: after.analysis } : {}) },
  };
};
