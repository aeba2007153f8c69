import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'le-config-'));

describe('loadConfig', () => {
  it('has the defaults of contract §2', () => {
    const data = dir();
    const config = loadConfig({ DATA_DIR: data }, data);
    expect(config).toMatchObject({
      port: 3000,
      mongodbUrl: null,
      redisUrl: null,
      smtpUrl: null,
      trialDays: 7,
      mailOutbox: path.join(data, 'outbox.jsonl'),
    });
  });

  it('generates a secret once and keeps it in DATA_DIR', () => {
    const data = dir();
    const first = loadConfig({ DATA_DIR: data }, data).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(data, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: data }, data).jwtSecret).toBe(first);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '3.5' }, 'PORT'],
    [{ TRIAL_DAYS: 'seven' }, 'TRIAL_DAYS'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not an email', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL'],
  ])('refuses %o with one line naming %s', (env, variable) => {
    const data = dir();
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: data, ...env }, data);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(variable);
    expect((error as Error).message).not.toContain('\n');
  });
});
