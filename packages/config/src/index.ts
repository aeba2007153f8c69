/**
 * Reading the environment, once, for every server process (the API and the standalone realtime
 * server): the same rules, and a bad value is one line naming the variable (`ConfigError`).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A bad value: its message is one line naming the variable. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** Set and not blank: `PORT=""` counts as unset, never as 0. */
export const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

export const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name];
  if (!present(raw)) return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
};

/** TRUST_PROXY (contract §2): a hop count; `true` is one hop, `false` or unset none. */
export const proxyHops = (env: Env): number => {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'false') return 0;
  if (raw === 'true') return 1;
  return integer(env, 'TRUST_PROXY', 0, 0, 10);
};

/** MAX_SOCKETS_PER_ADDRESS (contract §10): sockets at once from one client address. */
export const maxSocketsPerAddress = (env: Env): number => integer(env, 'MAX_SOCKETS_PER_ADDRESS', 200, 1, 1_000_000);

/** MAX_SOCKETS_PER_USER (contract §10: 20): sockets at once per signed-in user (raised for load tests). */
export const maxSocketsPerUser = (env: Env): number => integer(env, 'MAX_SOCKETS_PER_USER', 20, 1, 1_000_000);

export const url = (env: Env, name: string, protocols: string[]): string | null => {
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

export const port = (env: Env, fallback: number): number => integer(env, 'PORT', fallback, 0, 65535);

export const host = (env: Env): string => (present(env.HOST) ? env.HOST.trim() : '0.0.0.0');

/** The signing key's minimum length, for every process that signs or checks tokens. */
export const JWT_SECRET_MIN = 32;

/**
 * JWT_SECRET: the variable (at least 32 characters), else the one kept in DATA_DIR/jwt-secret;
 * `create` makes and keeps one there the first time (the API), otherwise a missing one is an
 * error (a standalone realtime process must share the API's). Required in production.
 */
export const jwtSecret = (env: Env, dataDir: string, options: { production: boolean; create: boolean; hint?: string }): string => {
  if (present(env.JWT_SECRET)) {
    if (env.JWT_SECRET.length < JWT_SECRET_MIN) throw new ConfigError(`JWT_SECRET must be at least ${JWT_SECRET_MIN} characters long`);
    return env.JWT_SECRET;
  }
  if (options.production) throw new ConfigError(`JWT_SECRET is required when NODE_ENV=production${options.hint ?? ''}`);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= JWT_SECRET_MIN) return existing;
  } catch {
    // not there yet
  }
  if (!options.create) throw new ConfigError(`JWT_SECRET is required${options.hint ?? ''}`);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

export const dataDirOf = (env: Env, cwd: string): string => path.resolve(cwd, present(env.DATA_DIR) ? env.DATA_DIR : './data');
