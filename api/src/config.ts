import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Configuration of contract §2, read and validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mongodbUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  mailOutbox: string;
  trialDays: number;
  production: boolean;
  /** Where the built web app is; null serves no web app (API-only tests). */
  webDist: string | null;
  /** Trust X-Forwarded-For from a proxy in front (the scaled set-up). */
  trustProxy: boolean;
  /**
   * Multiplies every rate limit's allowance (default 1). For a site whose visitors share one
   * address (an office behind NAT), and for the browser suites, where every client is 127.0.0.1.
   */
  rateLimitScale: number;
  /** Contract §2: activity-log entries older than this many days are removed. */
  activityRetentionDays: number;
}

/** A bad value: its message is one line naming the variable. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name];
  if (!present(raw)) return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
};

const url = (env: Env, name: string, protocols: string[]): string | null => {
  const raw = env[name];
  if (!present(raw)) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(', ')}), got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`);
  }
  return raw;
};

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Reads the secret from DATA_DIR, making one the first time so that tokens survive restarts. */
const persistedSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

export const loadConfig = (env: Env = process.env, cwd = process.cwd()): Config => {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(cwd, present(env.DATA_DIR) ? env.DATA_DIR : './data');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created: ${(error as Error).message}`);
  }

  let jwtSecret: string;
  if (present(env.JWT_SECRET)) {
    if (env.JWT_SECRET.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    jwtSecret = env.JWT_SECRET;
  } else if (production) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  } else {
    jwtSecret = persistedSecret(dataDir);
  }

  const adminEmail = present(env.ADMIN_EMAIL) ? env.ADMIN_EMAIL.trim() : null;
  const adminPassword = present(env.ADMIN_PASSWORD) ? env.ADMIN_PASSWORD : null;
  if (adminEmail !== null && !EMAIL.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL must be an email address, got "${adminEmail}"`);
  }
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError(`${adminEmail === null ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'} must be set together with the other`);
  }
  if (adminPassword !== null && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD must be 8 to 128 characters long');
  }

  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: present(env.HOST) ? env.HOST : '0.0.0.0',
    dataDir,
    mongodbUrl: url(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv']),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    jwtSecret,
    adminEmail,
    adminPassword,
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: present(env.MAIL_FROM) ? env.MAIL_FROM : 'Lukis Emas <no-reply@localhost>',
    mailOutbox: path.resolve(cwd, present(env.MAIL_OUTBOX) ? env.MAIL_OUTBOX : path.join(dataDir, 'outbox.jsonl')),
    trialDays: integer(env, 'TRIAL_DAYS', 7, 0, 3650),
    production,
    webDist: present(env.WEB_DIST) ? path.resolve(cwd, env.WEB_DIST) : null,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimitScale: integer(env, 'RATE_LIMIT_SCALE', 1, 1, 1000),
    activityRetentionDays: integer(env, 'ACTIVITY_RETENTION_DAYS', 180, 1, 36500),
  };
};
