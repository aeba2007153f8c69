import { createHash } from 'node:crypto';
import { canonicalJson, type SignalLedgerEntry } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { checkEntries, startCheck, webCryptoSha256, type Sha256 } from './ledger-check';

const nodeSha: Sha256 = async (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const salt = 'ab'.repeat(16);

/** A true chain of three events of one buy (opened, stop to break-even, closed), with reveals. */
const chain = (): SignalLedgerEntry[] => {
  const entries: SignalLedgerEntry[] = [];
  let prevHash = '0'.repeat(64);
  const steps = [
    { type: 'signal.opened', stopLoss: 2370, status: 'open', exitPrice: null, outcome: null, pips: null },
    { type: 'signal.updated', stopLoss: 2380, status: 'open', exitPrice: null, outcome: null, pips: null },
    { type: 'signal.closed', stopLoss: 2380, status: 'closed', exitPrice: 2390, outcome: 'tp', pips: 100 },
  ] as const;
  steps.forEach((step, index) => {
    const levels = { side: 'buy' as const, entry: 2380, stopLoss: step.stopLoss, takeProfits: [2390] };
    const form = {
      seq: index + 1,
      type: step.type,
      at: `2026-03-02T09:0${index}:00.000Z`,
      signalId: 's1',
      status: step.status,
      exitPrice: step.exitPrice,
      outcome: step.outcome,
      pips: step.pips,
      author: { _id: 'a', name: 'Ayu' },
      commitments: { levels: sha(`${salt}\n${canonicalJson(levels)}`), analysis: sha(`${salt}\n${canonicalJson('why')}`) },
    };
    const hash = sha(`${prevHash}\n${canonicalJson(form)}`);
    entries.push({ ...form, prevHash, hash, reveal: { salt, ...levels, ...(index === 0 ? { analysis: 'why' } : {}) } });
    prevHash = hash;
  });
  return entries;
};

describe('checkEntries', () => {
  it('verifies a true chain page by page, counting reveals, and ends at its head', async () => {
    const entries = chain();
    const afterFirst = await checkEntries(startCheck(), entries.slice(0, 1), nodeSha);
    const done = await checkEntries(afterFirst, entries.slice(1), nodeSha);
    expect(done).toEqual({ seq: 3, hash: entries[2]!.hash, verified: 3, reveals: 3, failure: null });
  });

  it('names the first entry that fails: a changed level, a changed public field, a missing entry, a changed analysis', async () => {
    const level = chain();
    level[1]!.reveal!.stopLoss = 2379;
    expect((await checkEntries(startCheck(), level, nodeSha)).failure).toEqual({ seq: 2, reason: 'its revealed levels are not the ones committed to' });
    const field = chain();
    field[2]!.pips = 120;
    expect((await checkEntries(startCheck(), field, nodeSha)).failure).toEqual({ seq: 3, reason: 'its hash does not match what it says' });
    expect((await checkEntries(startCheck(), chain().slice(1), nodeSha)).failure).toEqual({ seq: 2, reason: 'expected event 1 here' });
    const analysis = chain();
    analysis[0]!.reveal!.analysis = 'other';
    expect((await checkEntries(startCheck(), analysis, nodeSha)).failure?.seq).toBe(1);
  });

  it('the WebCrypto digest equals Node\'s', async () => {
    for (const text of ['', 'abc', 'ünïcode — "quoted"\n', 'x'.repeat(200)]) expect(await webCryptoSha256(text)).toBe(sha(text));
  });
});
