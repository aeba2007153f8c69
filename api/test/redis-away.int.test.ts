import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, requireOrSkip, startRedisServer, tempDir } from '@le/testing';
import { describe, expect, it } from 'vitest';

/**
 * Contract §15: with Redis away, writes answer as fast as with it (events wait in the process and
 * go out when it is back), and the log says so once per outage, not once per command or retry.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const redisServer = requireOrSkip('redis-server', 'Redis away', 'apt-get install redis-server');

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;

describe.runIf(redisServer)('Redis away', () => {
  it('posts answer in under 50 ms (p50) with Redis stopped; one log line for the outage', async () => {
    const redis = await startRedisServer(redisServer!);
    const dir = await tempDir('le-redis-away-');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/cli.ts'), 'all'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir.path, REDIS_URL: redis.url, ADMIN_EMAIL: 'away@example.com', ADMIN_PASSWORD: 'away-password-1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 30_000, interval: 100 }).toBe(200);
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'away@example.com', password: 'away-password-1' }) });
      const { token } = (await login.json()) as { token: string };
      const post = async (content: string) => {
        const began = performance.now();
        const response = await fetch(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ content }) });
        await response.arrayBuffer();
        expect(response.status).toBe(201);
        return performance.now() - began;
      };
      for (let index = 0; index < 5; index += 1) await post(`warm ${index}`);
      const withRedis: number[] = [];
      for (let index = 0; index < 20; index += 1) withRedis.push(await post(`with redis ${index}`));

      await redis.stop();
      const logBefore = output.length;
      const without: number[] = [];
      for (let index = 0; index < 30; index += 1) without.push(await post(`redis away ${index}`));
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', checks: { store: 'ok', redis: 'failing' } });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const outageLog = output.slice(logBefore);

      expect(percentile(without, 50), `with Redis p50 ${percentile(withRedis, 50).toFixed(1)} ms`).toBeLessThan(50);
      expect(outageLog).not.toMatch(/Unhandled error event|missing 'error' handler/);
      expect(outageLog.split('\n').filter((line) => /redis/i.test(line)).length, outageLog).toBeLessThanOrEqual(2);

      await redis.restart();
      await expect.poll(async () => ((await (await fetch(`${base}/api/health`)).json()) as { checks: { redis: string } }).checks.redis, { timeout: 15_000 }).toBe('ok');
      expect(await post('redis back')).toBeLessThan(5_000);
    } finally {
      child.kill('SIGKILL');
      await redis.stop().catch(() => undefined);
      await dir.remove();
    }
  }, 90_000);
});
