import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { freePort, latestCode, tempDir } from '@le/testing';
import { describe, expect, it } from 'vitest';

/**
 * The server as `pnpm start` runs it: JavaScript compiled ahead of time (scripts/server-build.mjs),
 * no TypeScript loaded at run time. A sign-up, a post, a socket and a clean stop on the bundle.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the compiled server', () => {
  it('serves the product from api/dist with no TypeScript loader', async () => {
    // @ts-expect-error -- a plain .mjs script of ours, without types
    const { buildServers } = (await import('../../scripts/server-build.mjs')) as { buildServers(): Promise<void> };
    await buildServers();
    const bundle = await readFile(path.join(root, 'api/dist/cli.mjs'), 'utf8');
    expect(bundle).not.toMatch(/from ["']tsx/);

    const dir = await tempDir('le-compiled-');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const outbox = path.join(dir.path, 'outbox.jsonl');
    const child = spawn(process.execPath, [path.join(root, 'api/dist/cli.mjs'), 'all'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir.path, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 30_000, interval: 100 }).toBe(200);
      const json = (method: string, url: string, body?: unknown, token?: string) =>
        fetch(`${base}${url}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const user = { name: 'Compiled User', username: `compiled${Date.now()}`, email: `compiled${Date.now()}@example.com`, password: 'correct horse 1' };
      expect((await json('POST', '/api/auth/register', user)).status).toBe(201);
      const code = await latestCode(outbox, user.email);
      expect((await json('POST', '/api/auth/verify-email', { email: user.email, code })).status).toBe(200);
      const admin = (await (await json('POST', '/api/auth/login', { email: 'boss@example.com', password: 'boss-password-1' })).json()) as { token: string };

      const socket = connect(base, { transports: ['websocket'], reconnection: false });
      const event = new Promise<{ type: string }>((resolve) => socket.on('chat:event', resolve));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const posted = await json('POST', '/api/chat', { content: 'from the compiled server' }, admin.token);
      expect(posted.status).toBe(201);
      expect((await event).type).toBe('message.posted');
      socket.close();
      const page = (await (await json('GET', '/api/chat?limit=5', undefined, admin.token)).json()) as { messages: { content: string }[] };
      expect(page.messages[0]!.content).toBe('from the compiled server');
      // The validators compiled on first use still refuse what the schema refuses.
      expect((await json('POST', '/api/chat', { content: 42 }, admin.token)).status).toBe(400);
      expect((await json('GET', '/api/docs/json')).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await dir.remove();
    }
  }, 90_000);
});
