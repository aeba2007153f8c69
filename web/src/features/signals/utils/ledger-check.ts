import { canonicalJson, SIGNAL_LEDGER, type SignalLedgerEntry } from '@le/contracts';

/** SHA-256 of a string's UTF-8 bytes as lower-case hex (the browser's WebCrypto, or any other). */
export type Sha256 = (text: string) => Promise<string>;

/** The browser's SHA-256 (WebCrypto: only in a secure context, which the product is served in). */
export const webCryptoSha256: Sha256 = async (text) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
};

export interface LedgerCheck {
  /** Where the chain stands after the entries checked so far. */
  seq: number;
  hash: string;
  verified: number;
  reveals: number;
  /** The first entry that failed, and why; null while everything holds. */
  failure: { seq: number; reason: string } | null;
}

export const startCheck = (): LedgerCheck => ({ seq: 0, hash: SIGNAL_LEDGER.genesisHash, verified: 0, reveals: 0, failure: null });

/**
 * Checks the next page of the ledger against where the chain stood (docs/signals-ledger.md):
 * each entry follows the one before, its hash is sha256(prevHash + "\n" + JCS(public form)), and
 * what it reveals matches its commitments. Stops at the first failure.
 */
export const checkEntries = async (state: LedgerCheck, entries: readonly SignalLedgerEntry[], sha256: Sha256): Promise<LedgerCheck> => {
  let next = { ...state };
  for (const entry of entries) {
    if (next.failure) return next;
    const fail = (reason: string) => ({ ...next, failure: { seq: entry.seq, reason } });
    if (entry.seq !== next.seq + 1) return fail(`expected event ${next.seq + 1} here`);
    if (entry.prevHash !== next.hash) return fail('it does not follow the event before it');
    const { seq, type, at, signalId, status, exitPrice, outcome, pips, author, commitments } = entry;
    const form = { seq, type, at, signalId, status, exitPrice, outcome, pips, author, commitments };
    if ((await sha256(`${entry.prevHash}\n${canonicalJson(form)}`)) !== entry.hash) return fail('its hash does not match what it says');
    let reveals = next.reveals;
    if (entry.reveal) {
      const { salt, side, entry: price, stopLoss, takeProfits } = entry.reveal;
      if ((await sha256(`${salt}\n${canonicalJson({ side, entry: price, stopLoss, takeProfits })}`)) !== commitments.levels) {
        return fail('its revealed levels are not the ones committed to');
      }
      if ('analysis' in entry.reveal && (await sha256(`${salt}\n${canonicalJson(entry.reveal.analysis ?? null)}`)) !== commitments.analysis) {
        return fail('its revealed analysis is not the one committed to');
      }
      reveals += 1;
    }
    next = { seq: entry.seq, hash: entry.hash, verified: next.verified + 1, reveals, failure: null };
  }
  return next;
};
