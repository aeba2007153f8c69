import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@le/config';
import { describe, expect, it } from 'vitest';
import { loadRealtimeConfig } from './config';

/** The standalone realtime process reads its environment by the API's rules (@le/config). */
const SECRET = 's'.repeat(32);
const base = { REDIS_URL: 'redis://127.0.0.1:6379', API_URL: 'http://api:3000', JWT_SECRET: SECRET };

describe('loadRealtimeConfig', () => {
  it('reads PORT, HOST, REDIS_URL, API_URL and JWT_SECRET', () => {
    expect(loadRealtimeConfig({ ...base, PORT: '3005', HOST: '127.0.0.1' })).toEqual({
      port: 3005,
      host: '127.0.0.1',
      redisUrl: base.REDIS_URL,
      apiUrl: 'http://api:3000',
      jwtSecret: SECRET,
      trustProxy: 0,
      maxSocketsPerAddress: 200,
      maxSocketsPerUser: 20,
    });
  });

  it('reads TRUST_PROXY and MAX_SOCKETS_PER_ADDRESS as the API does', () => {
    expect(loadRealtimeConfig({ ...base, TRUST_PROXY: 'true', MAX_SOCKETS_PER_ADDRESS: '50' })).toMatchObject({ trustProxy: 1, maxSocketsPerAddress: 50 });
    expect(() => loadRealtimeConfig({ ...base, MAX_SOCKETS_PER_ADDRESS: '0' })).toThrow(/MAX_SOCKETS_PER_ADDRESS/);
  });

  it('API_URL is a base: blanks around it and a trailing slash go, https is accepted', () => {
    expect(loadRealtimeConfig({ ...base, API_URL: ' http://api:3000/ ' }).apiUrl).toBe('http://api:3000');
    expect(loadRealtimeConfig({ ...base, API_URL: 'https://api.internal' }).apiUrl).toBe('https://api.internal');
  });

  it('an empty PORT is unset (3001), never port 0', () => {
    expect(loadRealtimeConfig({ ...base, PORT: '' }).port).toBe(3001);
    expect(loadRealtimeConfig({ ...base, PORT: '  ' }).port).toBe(3001);
  });

  it.each([
    [{ ...base, PORT: 'abc' }, 'PORT must be a whole number, got "abc"'],
    [{ ...base, PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [{ ...base, REDIS_URL: '' }, 'REDIS_URL is required to run the realtime server alone'],
    [{ ...base, REDIS_URL: 'http://redis' }, 'REDIS_URL must start with redis:// or rediss://'],
    [{ ...base, API_URL: '' }, "API_URL is required to run the realtime server alone (the API's internal address, e.g. http://api:3000)"],
    [{ ...base, API_URL: undefined }, "API_URL is required to run the realtime server alone (the API's internal address, e.g. http://api:3000)"],
    [{ ...base, API_URL: 'api:3000' }, 'API_URL must start with http:// or https://'],
    [{ ...base, API_URL: 'not a url' }, 'API_URL must be a URL (http, https), got "not a url"'],
    [{ ...base, JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ REDIS_URL: base.REDIS_URL, API_URL: base.API_URL, NODE_ENV: 'production' }, 'JWT_SECRET is required when NODE_ENV=production (the same as the API processes use)'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadRealtimeConfig(env, mkdtempSync(path.join(tmpdir(), 'le-rt-')))).toThrow(new ConfigError(message));
  });

  it("without JWT_SECRET it reads the API's DATA_DIR/jwt-secret, and never makes one of its own", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'le-rt-'));
    const env = { REDIS_URL: base.REDIS_URL, API_URL: base.API_URL, DATA_DIR: dir };
    expect(() => loadRealtimeConfig(env)).toThrow('JWT_SECRET is required (the same as the API processes use)');
    writeFileSync(path.join(dir, 'jwt-secret'), `${SECRET}\n`);
    expect(loadRealtimeConfig(env).jwtSecret).toBe(SECRET);
  });
});
