import { spawn } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { freePort, tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../src/store';

/**
 * Contract §15, SIGTERM under load: the process stops taking connections, answers every request
 * it already received (none reset), tells its sockets to reconnect and exits within 10 s; every
 * acknowledged post is in the store afterwards.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'drain@example.com', password: 'drain-password-1' };

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir('le-drain-');
});
afterAll(() => dir.remove());

interface Outcome {
  before: boolean;
  status?: number;
  id?: string;
  error?: string;
}

/** A POST whose body arrives in two parts: the server has the request before the signal, the end after it. */
const slowPost = (port: number, token: string, content: string, afterFirstPart: Promise<void>): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const body = Buffer.from(JSON.stringify({ content }));
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/chat', headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, 10));
    void afterFirstPart.then(() => req.end(body.subarray(10)));
  });

describe('SIGTERM', () => {
  it('answers every request in flight, tells sockets to reconnect, exits within 10 s, loses nothing', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/cli.ts'), 'all'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir.path, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SCALE: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
    await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 30_000, interval: 100 }).toBe(200);

    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };

    const sockets: Socket[] = [];
    const reasons: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const socket = connect(base, { transports: ['websocket'], reconnection: false, auth: index % 2 ? { token } : {} });
      socket.on('disconnect', (reason) => reasons.push(reason));
      sockets.push(socket);
    }
    await expect.poll(() => sockets.every((socket) => socket.connected), { timeout: 10_000 }).toBe(true);

    let signalled = false;
    let running = true;
    const outcomes: Outcome[] = [];
    const poster = async (which: number) => {
      for (let count = 0; running; count += 1) {
        const outcome: Outcome = { before: !signalled };
        outcomes.push(outcome);
        try {
          const response = await fetch(`${base}/api/chat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ content: `poster ${which} post ${count}` }),
          });
          outcome.status = response.status;
          if (response.status === 201) outcome.id = ((await response.json()) as { message: { _id: string } }).message._id;
          else await response.arrayBuffer();
          if (signalled && response.status !== 201) return;
        } catch (error) {
          outcome.error = String((error as Error).cause ?? error);
          if (signalled) return;
        }
      }
    };
    // Its headers are in while the server is idle; the end of its body comes after the signal.
    let finishSlow!: () => void;
    const slow = slowPost(port, token, 'in flight across the signal', new Promise<void>((resolve) => (finishSlow = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posters = Array.from({ length: 20 }, (_item, which) => poster(which));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const signalledAt = Date.now();
    signalled = true;
    child.kill('SIGTERM');
    setTimeout(() => finishSlow(), 300);

    const slowResult = await slow.catch((error: unknown) => ({ status: -1, body: String(error) }));
    const exit = await exited;
    running = false;
    await Promise.all(posters);
    for (const socket of sockets) socket.close();

    expect(exit.code, output).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    // The request whose body was still coming when the signal arrived was answered in full.
    expect(slowResult.status, slowResult.body).toBe(201);
    // Not one request sent before the signal was cut.
    const before = outcomes.filter((outcome) => outcome.before);
    expect(before.length).toBeGreaterThan(20);
    expect(before.filter((outcome) => outcome.error !== undefined), JSON.stringify(before.filter((o) => o.error).slice(0, 3))).toEqual([]);
    expect(before.every((outcome) => outcome.status === 201 || outcome.status === 503)).toBe(true);
    // Sockets were told to reconnect: a closed transport, which Socket.IO clients reconnect after.
    expect(reasons).toHaveLength(5);
    expect(new Set(reasons)).toEqual(new Set(['transport close']));

    // Every acknowledged post is in the store.
    const acknowledged = [...outcomes.filter((outcome) => outcome.id).map((outcome) => outcome.id!), JSON.parse(slowResult.body).message._id as string];
    const store = await createStore({ mongodbUrl: null, dataDir: dir.path });
    try {
      const events = await store.chatEvents.after('global', 0, 100_000);
      const posted = new Set(events.map((event) => (event.type === 'message.posted' ? event.data.messageId : null)));
      for (const id of acknowledged) expect(posted.has(id), id).toBe(true);
      expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
    } finally {
      await store.close();
    }
  }, 60_000);
});
