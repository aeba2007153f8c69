import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, dataDirOf, host, integer, jwtSecret as readJwtSecret, maxSocketsPerAddress, maxSocketsPerUser, port, present, proxyHops, url, type Env } from '@le/config';
import { EMAIL_PATTERN, normalizeEmail } from '@le/contracts';
import { readVapidKeys, type VapidKeys } from './lib/vapid-keys';
import { earlierRunTraces } from './store/start-checks';

/** Configuration of contract §2, read and validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mongodbUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string;
  /** What an earlier run left in DATA_DIR when this start began (`jwt-secret`, `uploads`...). */
  earlierRun: string[];
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  mailOutbox: string;
  trialDays: number;
  /** Days a paid membership's rights outlive its end (contract §9). */
  graceDays: number;
  /** How often the membership lifecycle runs: reminders, rights that end (contract §9). */
  lifecycleScanMs: number;
  /** The address people open the product at (links in mails); `http://localhost:<PORT>` when unset. */
  publicUrl: string;
  production: boolean;
  /** Where the built web app is; null serves no web app (API-only tests). */
  webDist: string | null;
  /**
   * How many proxy hops in front to trust (contract §2; `true` = 1, unset = 0): the client address
   * is the X-Forwarded-For entry that many hops from the right, never one the client wrote further
   * left; X-Forwarded-Proto likewise (HSTS).
   */
  trustProxy: number;
  /**
   * Multiplies every rate limit's allowance (default 1). For a site whose visitors share one
   * address (an office behind NAT), and for the browser suites, where every client is 127.0.0.1.
   */
  rateLimitScale: number;
  /** Contract §10: Socket.IO connections at once from one client address (MAX_SOCKETS_PER_ADDRESS). */
  maxSocketsPerAddress: number;
  /** Contract §10: at once per signed-in user (MAX_SOCKETS_PER_USER, 20). */
  maxSocketsPerUser: number;
  /** Contract §2: activity-log entries older than this many days are removed. */
  activityRetentionDays: number;
  /** Web Push's VAPID identity (contract §14): from the environment, or generated once into DATA_DIR. */
  vapid: VapidKeys;
}

export { ConfigError };

/** The same plain mailbox the API accepts from users (contract §10). */
const EMAIL = new RegExp(EMAIL_PATTERN, 'u');

export const loadConfig = (env: Env = process.env, cwd = process.cwd()): Config => {
  const production = env.NODE_ENV === 'production';
  const dataDir = dataDirOf(env, cwd);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created: ${(error as Error).message}`);
  }

  // Read before the secret is made: a first start writes one, and it is no earlier run's.
  const earlierRun = earlierRunTraces(dataDir);
  const jwtSecret = readJwtSecret(env, dataDir, { production, create: true });

  const adminEmail = present(env.ADMIN_EMAIL) ? (normalizeEmail(env.ADMIN_EMAIL).email ?? env.ADMIN_EMAIL.trim()) : null;
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
    port: port(env, 3000),
    host: host(env),
    dataDir,
    mongodbUrl: url(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv']),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    jwtSecret,
    earlierRun,
    adminEmail,
    adminPassword,
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: present(env.MAIL_FROM) ? env.MAIL_FROM : 'Lukis Emas <no-reply@localhost>',
    mailOutbox: path.resolve(cwd, present(env.MAIL_OUTBOX) ? env.MAIL_OUTBOX : path.join(dataDir, 'outbox.jsonl')),
    trialDays: integer(env, 'TRIAL_DAYS', 7, 0, 3650),
    graceDays: integer(env, 'GRACE_DAYS', 0, 0, 365),
    lifecycleScanMs: integer(env, 'LIFECYCLE_SCAN_MS', 60_000, 1_000, 86_400_000),
    publicUrl: (url(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port(env, 3000)}`).replace(/\/+$/, ''),
    production,
    webDist: present(env.WEB_DIST) ? path.resolve(cwd, env.WEB_DIST) : null,
    trustProxy: proxyHops(env),
    rateLimitScale: integer(env, 'RATE_LIMIT_SCALE', 1, 1, 1000),
    maxSocketsPerAddress: maxSocketsPerAddress(env),
    maxSocketsPerUser: maxSocketsPerUser(env),
    activityRetentionDays: integer(env, 'ACTIVITY_RETENTION_DAYS', 180, 1, 36500),
    vapid: readVapidKeys(env, dataDir, adminEmail),
  };
};

/** For the entry points: a ConfigError ends the process, its words on stderr (exit code 1); anything else is left to the caller. */
export const exitOnConfigError = (error: unknown): void => {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
};

/** `loadConfig` for the entry points (the server, the CLIs): a configuration error ends the process. */
export const loadConfigOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    exitOnConfigError(error);
    throw error;
  }
};
