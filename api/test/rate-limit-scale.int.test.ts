import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { call, createTestApp, type TestApp } from './helpers';

/** RATE_LIMIT_SCALE multiplies every allowance: per-IP route limits and per-account limits alike. */
describe('RATE_LIMIT_SCALE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '3' });
  });
  afterAll(() => t.close());

  const forgot = (email: string, ip: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email }, ip });

  it('lets one address make three times the per-IP allowance (10 → 30), then 429', async () => {
    for (let i = 0; i < 30; i += 1) expect((await forgot(`someone-${i}@example.com`, '192.0.2.10')).statusCode).toBe(200);
    const over = await forgot('someone-else@example.com', '192.0.2.10');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Too many requests/);
  });

  it('lets one account be asked for three times its allowance (5 → 15) from one address, then 429', async () => {
    for (let i = 0; i < 15; i += 1) expect((await forgot('the-same@example.com', '192.0.2.100')).statusCode).toBe(200);
    const over = await forgot('the-same@example.com', '192.0.2.100');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/this account/);
  });

  it('is a whole number from 1 to 1000', () => {
    const env = { DATA_DIR: t.dataDir };
    expect(loadConfig(env, t.dataDir).rateLimitScale).toBe(1);
    expect(() => loadConfig({ ...env, RATE_LIMIT_SCALE: '0' }, t.dataDir)).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, RATE_LIMIT_SCALE: 'lots' }, t.dataDir)).toThrow(/RATE_LIMIT_SCALE/);
  });
});
