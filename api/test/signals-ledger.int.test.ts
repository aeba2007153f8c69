import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Signal, SignalLedgerCheckpoints, SignalLedgerEntry, SignalLedgerPage } from '@le/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { runScript } from './support/run-script';

/**
 * The public ledger of contract §8 through the real server and store: entries and reveals per
 * viewer, checkpoints, a rebuild of the chain from the JSON alone (this file's own canonical JSON,
 * Node's SHA-256, nothing of the server), and `pnpm ledger:verify` naming a changed entry.
 */
let t: TestApp;
let admin: SignedInUser;
let pro: SignedInUser;
let expert: SignedInUser;
const DAY = 86_400_000;

const get = <T>(url: string, token?: string) => call(t.app, { method: 'GET', url, ...(token ? { token } : {}) }).then((response) => {
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
});
const send = async (method: 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>): Promise<Signal> => {
  const response = await call(t.app, { method, url, token: admin.token, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ signal: Signal }>().signal;
};

/* Written here, apart from the server: RFC 8785 for the values the ledger holds, and SHA-256 hex. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
};
const sha = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
const rebuild = (entries: SignalLedgerEntry[]): string[] => {
  const hashes: string[] = [];
  let prev = '0'.repeat(64);
  for (const { seq, type, at, signalId, status, exitPrice, outcome, pips, author, commitments } of entries) {
    prev = sha(`${prev}\n${canonical({ seq, type, at, signalId, status, exitPrice, outcome, pips, author, commitments })}`);
    hashes.push(prev);
  }
  return hashes;
};

const ledger = (token?: string, query = '') => get<SignalLedgerPage>(`/api/signals/ledger${query}`, token);

let buy: Signal;
let sell: Signal;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  [pro, expert] = (await Promise.all(['pro', 'expert'].map((label) => signUp(t, label)))) as [SignedInUser, SignedInUser];
  const month = new Date(Date.now() + 30 * DAY);
  await t.store.users.update(pro.userId, { role: 'member', membershipTier: 'pro', membershipEnd: month });
  await t.store.users.update(expert.userId, { role: 'member', membershipTier: 'expert', membershipEnd: month });
  // seq 1 open buy, 2 stop to break-even, 3 open sell, 4 buy closed, 5 sell's targets changed (still open)
  buy = await send('POST', '/api/signals', { side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390, 2400], analysis: 'Buy the dip — "quoted" ünïcode' });
  await send('PATCH', `/api/signals/${buy._id}`, { stopLoss: 2380 });
  sell = await send('POST', '/api/signals', { side: 'sell', entry: 2410.55, stopLoss: 2420, takeProfits: [2400], analysis: 'Fade the high' });
  await send('POST', `/api/signals/${buy._id}/close`, { exitPrice: 2395.5 });
  await send('PATCH', `/api/signals/${sell._id}`, { takeProfits: [2401, 2390] });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /signals/ledger', () => {
  it('gives every event its public form chained to the one before, and a rebuild from the JSON alone finds the same hashes', async () => {
    const page = await ledger();
    expect(page.entries.map((entry) => [entry.seq, entry.type, entry.status])).toEqual([
      [1, 'signal.opened', 'open'],
      [2, 'signal.updated', 'open'],
      [3, 'signal.opened', 'open'],
      [4, 'signal.closed', 'closed'],
      [5, 'signal.updated', 'open'],
    ]);
    expect(page.entries[0]!.prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < page.entries.length; i += 1) expect(page.entries[i]!.prevHash).toBe(page.entries[i - 1]!.hash);
    expect(page.entries.map((entry) => entry.hash)).toEqual(rebuild(page.entries));
    expect(page.head).toEqual({ seq: 5, hash: page.entries[4]!.hash });
    expect(page.entries[3]).toMatchObject({ signalId: buy._id, exitPrice: 2395.5, outcome: 'tp', pips: 155, author: { _id: admin.userId } });
    // The stored salt is the event's own: every commitment differs, even of unchanged levels.
    expect(new Set(page.entries.map((entry) => entry.commitments.levels)).size).toBe(5);
  });

  it('shows a guest the commitments only while a signal is open, and the reveal (without the analysis) once it is closed', async () => {
    const { entries } = await ledger();
    const ofSell = entries.filter((entry) => entry.signalId === sell._id);
    for (const entry of ofSell) expect(entry.reveal).toBeUndefined();
    // Ids, hashes and salts are hex and may hold any four digits by chance: look past them.
    expect(JSON.stringify(ofSell).replace(/[0-9a-f]{24,}/g, '…')).not.toMatch(/2410\.55|2420|2401|sell|Fade/);
    const ofBuy = entries.filter((entry) => entry.signalId === buy._id);
    expect(ofBuy.map((entry) => entry.reveal && { ...entry.reveal, salt: /^[0-9a-f]{32}$/.test(entry.reveal.salt) })).toEqual([
      { salt: true, side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390, 2400] },
      { salt: true, side: 'buy', entry: 2380, stopLoss: 2380, takeProfits: [2390, 2400] },
      { salt: true, side: 'buy', entry: 2380, stopLoss: 2380, takeProfits: [2390, 2400] },
    ]);
    for (const entry of ofBuy) {
      const { salt, side, entry: price, stopLoss, takeProfits } = entry.reveal!;
      expect(sha(`${salt}\n${canonical({ side, entry: price, stopLoss, takeProfits })}`)).toBe(entry.commitments.levels);
      expect('analysis' in entry.reveal!).toBe(false);
    }
  });

  it('reveals an open signal\'s levels to a pro member, and the analysis as well to an expert, each matching its commitment', async () => {
    const forPro = (await ledger(pro.token)).entries.filter((entry) => entry.signalId === sell._id);
    expect(forPro.map((entry) => entry.reveal?.takeProfits)).toEqual([[2400], [2401, 2390]]);
    expect(forPro.every((entry) => entry.reveal && !('analysis' in entry.reveal))).toBe(true);
    const forExpert = (await ledger(expert.token)).entries;
    expect(forExpert.find((entry) => entry.seq === 1)!.reveal!.analysis).toBe('Buy the dip — "quoted" ünïcode');
    for (const entry of forExpert) {
      const { salt, analysis } = entry.reveal!;
      expect(sha(`${salt}\n${canonical(analysis)}`)).toBe(entry.commitments.analysis);
    }
  });

  it('pages with after and limit, and answers 400 past the limit of 500', async () => {
    const page = await ledger(undefined, '?after=2&limit=2');
    expect(page.entries.map((entry) => entry.seq)).toEqual([3, 4]);
    expect(page.head.seq).toBe(5);
    expect((await call(t.app, { method: 'GET', url: '/api/signals/ledger?limit=501' })).statusCode).toBe(400);
  });
});

describe('GET /signals/ledger/checkpoints', () => {
  it('gives the head at the end of each finished UTC day: none today, today\'s last event from tomorrow on', async () => {
    expect((await get<SignalLedgerCheckpoints>('/api/signals/ledger/checkpoints')).checkpoints).toEqual([]);
    const { head } = await ledger();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DAY);
    const { checkpoints } = await get<SignalLedgerCheckpoints>('/api/signals/ledger/checkpoints');
    expect(checkpoints).toEqual([{ date: new Date(Date.now() - DAY).toISOString().slice(0, 10), seq: head.seq, hash: head.hash }]);
  });
});

describe('pnpm ledger:verify', () => {
  const verify = async (file: string, ...args: string[]) => runScript('scripts/ledger-verify.mjs', [file, ...args]);

  it('verifies the ledger from its URL and from a file, with a saved checkpoint; a wrong checkpoint fails', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const fromUrl = await verify(`http://127.0.0.1:${address.port}/api/signals/ledger`);
    const { head } = await ledger();
    expect(fromUrl.output).toContain(`OK: 5 events verified (3 reveals checked), head 5 ${head.hash}`);
    expect(fromUrl.code).toBe(0);
    const file = path.join(t.dataDir, 'ledger.json');
    await writeFile(file, JSON.stringify(await ledger(expert.token)));
    const withCheckpoint = await verify(file, '--checkpoint', `5:${head.hash}`);
    expect(withCheckpoint.output).toContain('OK: 5 events verified (5 reveals checked)');
    expect(withCheckpoint.code).toBe(0);
    const wrong = await verify(file, '--checkpoint', `5:${'a'.repeat(64)}`);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('FAILED at seq 5');
  });

  it('names the entry whose stored level was changed afterwards, and the entry whose public form was', async () => {
    const db = new Database(path.join(t.dataDir, 'store.sqlite'));
    try {
      // The buy opened at 2380; someone makes it 2379 in the stored event after the close.
      const row = db.prepare("SELECT _id, doc FROM signal_events WHERE doc LIKE '%\"type\":\"signal.opened\"%' AND doc LIKE ?").get(`%${buy._id}%`) as { _id: string; doc: string };
      expect(row.doc).toContain('"entry":2380');
      db.prepare('UPDATE signal_events SET doc = ? WHERE _id = ?').run(row.doc.replace('"entry":2380', '"entry":2379'), row._id);
    } finally {
      db.close();
    }
    const file = path.join(t.dataDir, 'changed.json');
    await writeFile(file, JSON.stringify(await ledger()));
    const changedLevel = await verify(file);
    expect(changedLevel.code).toBe(1);
    expect(changedLevel.output).toContain('FAILED at seq 1: the revealed levels do not match their commitment');

    const page = await ledger();
    page.entries[2]!.pips = 12;
    await writeFile(file, JSON.stringify(page.entries));
    const changedForm = await verify(file);
    expect(changedForm.output).toMatch(/FAILED at seq [13]:/);
  });
});
