import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, latestCode, tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTag } from './support/unique';

/** The server as a real process: kill -9 keeps acknowledged writes, config errors are one line. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'api/src/cli.ts');

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const launch = (env: Record<string, string>): Proc => {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'all'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

const waitForHealth = async (base: string, proc: Proc): Promise<void> => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${proc.output()}`);
};

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the server process', () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await tempDir('le-proc-');
  });
  afterAll(() => dir.remove());

  it('keeps every acknowledged account after kill -9 and a restart', async () => {
    const port = String(await freePort());
    const env = { PORT: port, HOST: '127.0.0.1', DATA_DIR: dir.path, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' };
    const base = `http://127.0.0.1:${port}`;
    const first = launch(env);
    await waitForHealth(base, first);

    const emails = ['a', 'b', 'c'].map((name) => `${name}.${Date.now()}@example.com`);
    for (const [index, email] of emails.entries()) {
      const registered = await postJson(`${base}/api/auth/register`, {
        name: `User ${index}`,
        username: `killuser${index}${uniqueTag()}`,
        email,
        password: 'durable password',
      });
      expect(registered.status).toBe(201);
    }
    const code = await latestCode(path.join(dir.path, 'outbox.jsonl'), emails[0]!);
    expect((await postJson(`${base}/api/auth/verify-email`, { email: emails[0], code })).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;

    const second = launch(env);
    try {
      await waitForHealth(base, second);
      const login = await postJson(`${base}/api/auth/login`, { email: emails[0], password: 'durable password' });
      expect(login.status).toBe(200);
      for (const email of emails.slice(1)) {
        // unverified but present: 403, not 401
        expect((await postJson(`${base}/api/auth/login`, { email, password: 'durable password' })).status).toBe(403);
      }
      const admin = await postJson(`${base}/api/auth/login`, { email: 'boss@example.com', password: 'boss-password-1' });
      expect(admin.status).toBe(200);
      expect(((await admin.json()) as { user: { role: string } }).user.role).toBe('admin');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['TRIAL_DAYS', { TRIAL_DAYS: '-1' }],
    ['MONGODB_URL', { MONGODB_URL: 'http://not-mongo' }],
    ['JWT_SECRET', { NODE_ENV: 'production' }],
  ])('stops at start-up with one line naming %s', async (variable, env) => {
    const proc = launch({ DATA_DIR: dir.path, ...env });
    expect(await proc.exited).toBe(1);
    const lines = proc.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
  });

  it('prints a generated admin password once when no admin is configured', async () => {
    const fresh = await tempDir('le-admin-');
    const port = String(await freePort());
    const proc = launch({ PORT: port, HOST: '127.0.0.1', DATA_DIR: fresh.path });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, proc);
      const password = proc.output().match(/admin@localhost with password: (\S+)/)?.[1];
      expect(password).toBeDefined();
      const login = await postJson(`http://127.0.0.1:${port}/api/auth/login`, { email: 'admin@localhost', password });
      expect(login.status).toBe(200);
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
      await fresh.remove();
    }
  });
});
