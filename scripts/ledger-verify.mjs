#!/usr/bin/env node
// `pnpm ledger:verify <url-or-file> [--checkpoint seq:hash]`: checks the signals' public ledger
// (docs/signals-ledger.md) without trusting the server and without any of its code: its own
// SHA-256 and RFC 8785 canonical JSON below, Node's standard library only. Reads every entry
// (a URL such as https://host/api/signals/ledger, paged with ?after=; or a file holding a ledger
// page `{entries, head}` or a bare array of entries), recomputes every hash and every revealed
// commitment, and names the first entry that fails. Exit 0 when everything holds, 1 when not,
// 2 on a usage or reading error.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/* SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, lower-case hex. */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
export const sha256Hex = (text) => {
  const bytes = new TextEncoder().encode(text);
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i += 1) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i += 1) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  return [...h].map((word) => word.toString(16).padStart(8, '0')).join('');
};

/* RFC 8785: keys sorted by UTF-16 code units, no whitespace, ECMAScript number and string forms. */
export const jcs = (value) => {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('no JSON form for a number that is not finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${jcs(value[key])}`).join(',')}}`;
};

const GENESIS = '0'.repeat(64);
const PUBLIC_FIELDS = ['seq', 'type', 'at', 'signalId', 'status', 'exitPrice', 'outcome', 'pips', 'author', 'commitments'];

/**
 * The first failure of the ledger as `{seq, reason}`, or null when every hash and reveal holds.
 * @param {Array<Record<string, any>>} entries
 * @param {{ checkpoint?: { seq: number, hash: string } | null, head?: { seq: number, hash: string } | null }} [options]
 * @returns {{ seq: number, reason: string } | null}
 */
export const verifyEntries = (entries, { checkpoint = null, head = null } = {}) => {
  let prevHash = GENESIS;
  let prevSeq = 0;
  for (const entry of entries) {
    const fail = (reason) => ({ seq: entry.seq, reason });
    if (entry.seq !== prevSeq + 1) return fail(`expected seq ${prevSeq + 1} here`);
    if (entry.prevHash !== prevHash) return fail(`prevHash ${entry.prevHash} is not the hash of seq ${prevSeq} (${prevHash})`);
    const form = {};
    for (const field of PUBLIC_FIELDS) {
      if (!(field in entry)) return fail(`the public form lacks ${field}`);
      form[field] = entry[field];
    }
    const hash = sha256Hex(`${prevHash}\n${jcs(form)}`);
    if (hash !== entry.hash) return fail(`hash ${entry.hash} does not match its public form (recomputed ${hash})`);
    if (entry.reveal) {
      const { salt, side, entry: price, stopLoss, takeProfits } = entry.reveal;
      const levels = sha256Hex(`${salt}\n${jcs({ side, entry: price, stopLoss, takeProfits })}`);
      if (levels !== entry.commitments.levels) return fail('the revealed levels do not match their commitment');
      if ('analysis' in entry.reveal && sha256Hex(`${salt}\n${jcs(entry.reveal.analysis)}`) !== entry.commitments.analysis) {
        return fail('the revealed analysis does not match its commitment');
      }
    }
    if (checkpoint && checkpoint.seq === entry.seq && checkpoint.hash !== entry.hash) return fail(`the saved checkpoint says ${checkpoint.hash}`);
    prevHash = entry.hash;
    prevSeq = entry.seq;
  }
  if (checkpoint && checkpoint.seq > prevSeq) return { seq: checkpoint.seq, reason: `the saved checkpoint is past the ledger's last entry (${prevSeq})` };
  if (head && (head.seq !== prevSeq || head.hash !== prevHash)) return { seq: head.seq, reason: `the head given (${head.seq} ${head.hash}) is not the last entry's` };
  return null;
};

const readLedger = async (source) => {
  if (/^https?:\/\//.test(source)) {
    const entries = [];
    let head = null;
    for (let after = 0; ; ) {
      const url = new URL(source);
      url.searchParams.set('after', String(after));
      url.searchParams.set('limit', '500');
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const page = await response.json();
      head = page.head;
      entries.push(...page.entries);
      if (page.entries.length === 0 || entries.at(-1).seq >= head.seq) break;
      after = entries.at(-1).seq;
    }
    return { entries, head };
  }
  const parsed = JSON.parse(await readFile(source, 'utf8'));
  return Array.isArray(parsed) ? { entries: parsed, head: null } : { entries: parsed.entries, head: parsed.head ?? null };
};

const main = async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { checkpoint: { type: 'string' } } });
  if (positionals.length !== 1) {
    process.stderr.write('usage: pnpm ledger:verify <url-or-file> [--checkpoint seq:hash]\n');
    return 2;
  }
  let checkpoint = null;
  if (values.checkpoint) {
    const match = /^(\d+):([0-9a-f]{64})$/.exec(values.checkpoint);
    if (!match) {
      process.stderr.write('--checkpoint takes seq:hash, the hash 64 lower-case hex characters\n');
      return 2;
    }
    checkpoint = { seq: Number(match[1]), hash: match[2] };
  }
  let ledger;
  try {
    ledger = await readLedger(positionals[0]);
  } catch (error) {
    process.stderr.write(`could not read the ledger: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const failure = verifyEntries(ledger.entries, { checkpoint, head: ledger.head });
  if (failure) {
    process.stdout.write(`FAILED at seq ${failure.seq}: ${failure.reason}\n`);
    return 1;
  }
  const last = ledger.entries.at(-1);
  const revealed = ledger.entries.filter((entry) => entry.reveal).length;
  process.stdout.write(
    `OK: ${ledger.entries.length} events verified (${revealed} reveals checked)${last ? `, head ${last.seq} ${last.hash}` : ''}${checkpoint ? `, checkpoint ${checkpoint.seq} holds` : ''}\n`,
  );
  return 0;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
