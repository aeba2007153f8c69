import { createECDH } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, present, type Env } from '@le/config';

/** The server's VAPID identity (RFC 8292): browsers subscribe with the public key, pushes are signed with the private one. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Where the pair came from: the environment, or DATA_DIR (one process's; scaled out, set the variables). */
  source: 'environment' | 'data-dir';
}

/** Where the generated pair is kept when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset. */
export const VAPID_FILE = 'vapid-keys.json';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A P-256 public key is 65 bytes (uncompressed point), a private key 32. */
const checkPair = (publicKey: string, privateKey: string, where: string): void => {
  if (!BASE64URL.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65) {
    throw new ConfigError(`${where}: the VAPID public key must be 65 bytes in base64url (an uncompressed P-256 point)`);
  }
  if (!BASE64URL.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new ConfigError(`${where}: the VAPID private key must be 32 bytes in base64url`);
  }
  // The public key must be the private key's: a mismatched pair signs pushes no browser accepts.
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  if (ecdh.getPublicKey('base64url') !== publicKey) throw new ConfigError(`${where}: the VAPID public key is not the private key's`);
};

const generate = (): { publicKey: string; privateKey: string } => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  // A key with leading zero bytes comes back shorter: the pair is stored at its full 32 bytes.
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url') };
};

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (contract §14). Without the keys a pair is
 * generated once into DATA_DIR (owner-only), like the JWT secret: it must outlive restarts, since
 * every browser's subscription is bound to the public key it subscribed with.
 */
export const readVapidKeys = (env: Env, dataDir: string, adminEmail: string | null): VapidKeys => {
  const subject = present(env.VAPID_SUBJECT) ? env.VAPID_SUBJECT.trim() : `mailto:${adminEmail ?? 'admin@localhost'}`;
  if (!/^mailto:.+@.+/.test(subject) && !/^https:\/\/.+/.test(subject)) {
    throw new ConfigError('VAPID_SUBJECT must be a mailto: address or an https: URL');
  }
  const publicSet = present(env.VAPID_PUBLIC_KEY);
  if (publicSet !== present(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(`${publicSet ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} must be set together with the other`);
  }
  if (publicSet) {
    const publicKey = env.VAPID_PUBLIC_KEY!.trim();
    const privateKey = env.VAPID_PRIVATE_KEY!.trim();
    checkPair(publicKey, privateKey, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
    return { publicKey, privateKey, subject, source: 'environment' };
  }
  const file = path.join(dataDir, VAPID_FILE);
  let stored: string | null = null;
  try {
    stored = readFileSync(file, 'utf8');
  } catch {
    // not generated yet
  }
  if (stored !== null) {
    let pair: { publicKey?: unknown; privateKey?: unknown };
    try {
      pair = JSON.parse(stored) as typeof pair;
    } catch {
      throw new ConfigError(`${file} is not valid JSON; restore it from a backup or remove it (every device must then subscribe again)`);
    }
    if (typeof pair.publicKey !== 'string' || typeof pair.privateKey !== 'string') throw new ConfigError(`${file} lacks publicKey or privateKey`);
    checkPair(pair.publicKey, pair.privateKey, file);
    return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject, source: 'data-dir' };
  }
  const pair = generate();
  try {
    writeFileSync(file, `${JSON.stringify(pair)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of this DATA_DIR wrote its pair first: that one is kept.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readVapidKeys(env, dataDir, adminEmail);
    throw error;
  }
  return { ...pair, subject, source: 'data-dir' };
};
