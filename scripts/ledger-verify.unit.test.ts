import { createHash } from 'node:crypto';
import { canonicalJson } from '@le/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jcs, sha256Hex, verifyEntries } from './ledger-verify.mjs';

/** The shipped verifier's own parts: its SHA-256 against Node's, its canonical JSON against RFC 8785's examples, its verdicts. */
describe('ledger-verify: SHA-256 of its own', () => {
  it('equals Node\'s for any text, across block boundaries and multi-byte characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 300 },
    );
    for (const length of [0, 55, 56, 63, 64, 65, 119, 120, 1000]) expect(sha256Hex('a'.repeat(length))).toBe(createHash('sha256').update('a'.repeat(length)).digest('hex'));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('ledger-verify: RFC 8785 canonical JSON of its own', () => {
  it('writes the RFC\'s examples as the RFC does', () => {
    expect(jcs({ numbers: [333333333.3333333, 1e30, 4.5, 2e-3, 0.000000000000000000000000001], string: '€$\u000f\nA\'B"\\\\"/', literals: [null, true, false] })).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    // Keys by UTF-16 code units: the RFC's sorting example.
    const sorted = jcs({ '\u20ac': 'Euro Sign', '\r': 'Carriage Return', '\ufb33': 'Hebrew Letter Dalet With Dagesh', '1': 'One', '\ud83d\ude00': 'Emoji: Grinning Face', '\u0080': 'Control', '\u00f6': 'Latin Small Letter O With Diaeresis' });
    expect([...sorted.matchAll(/"([^"]+)":"([^"]+)"/g)].map((match) => match[2])).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
    // The server's canonical JSON (packages/contracts) writes every JSON value as this one does.
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(jcs(value));
      }),
      { numRuns: 300 },
    );
    expect(jcs({ b: [1, { d: 2, c: 3 }], a: -0 })).toBe('{"a":0,"b":[1,{"c":3,"d":2}]}');
  });
});

describe('ledger-verify: verdicts', () => {
  const GENESIS = '0'.repeat(64);
  const salt = '0123456789abcdef0123456789abcdef';
  const chain = () => {
    const entries: Array<Record<string, unknown> & { seq: number; hash: string; prevHash: string }> = [];
    let prevHash = GENESIS;
    for (const [seq, stopLoss] of [[1, 2370], [2, 2380]] as const) {
      const levels = { side: 'buy', entry: 2380, stopLoss, takeProfits: [2390] };
      const form = {
        seq,
        type: seq === 1 ? 'signal.opened' : 'signal.updated',
        at: `2026-03-02T09:0${seq}:00.000Z`,
        signalId: 's1',
        status: 'open',
        exitPrice: null,
        outcome: null,
        pips: null,
        author: { _id: 'a', name: 'Ayu' },
        commitments: { levels: sha256Hex(`${salt}\n${jcs(levels)}`), analysis: sha256Hex(`${salt}\n${jcs(null)}`) },
      };
      const hash = sha256Hex(`${prevHash}\n${jcs(form)}`);
      entries.push({ ...form, prevHash, hash, reveal: { salt, ...levels } });
      prevHash = hash;
    }
    return entries;
  };

  it('holds for a true chain, with its head and a checkpoint', () => {
    const entries = chain();
    expect(verifyEntries(entries, { head: { seq: 2, hash: entries[1]!.hash }, checkpoint: { seq: 1, hash: entries[0]!.hash } })).toBeNull();
  });

  it('names the first entry that fails: a changed reveal, a changed public field, a broken link, a missing entry', () => {
    const level = chain();
    (level[0]!.reveal as { stopLoss: number }).stopLoss = 2371;
    expect(verifyEntries(level)).toEqual({ seq: 1, reason: 'the revealed levels do not match their commitment' });
    const field = chain();
    field[1]!.status = 'closed';
    expect(verifyEntries(field)?.seq).toBe(2);
    const missing = chain().slice(1);
    expect(verifyEntries(missing)).toEqual({ seq: 2, reason: 'expected seq 1 here' });
    const wrongHead = chain();
    expect(verifyEntries(wrongHead, { head: { seq: 3, hash: GENESIS } })?.seq).toBe(3);
  });
});
