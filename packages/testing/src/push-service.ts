import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for tests (RFC 8030), on the loopback: every POST is checked as a real one would
 * check it (the VAPID JWT of RFC 8292 verified against the key it names and, when given, the
 * server's own; TTL present; `aes128gcm` content) and its payload decrypted with the
 * subscription's private keys (RFC 8291), so a test reads exactly what a device would show.
 */

export interface TestSubscriber {
  id: string;
  endpoint: string;
  /** What the browser gives `POST /api/push/subscriptions`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  subscriberId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  at: number;
}

export interface PushServiceOptions {
  /** The VAPID public key pushes must be signed with (base64url); any valid one when omitted. */
  vapidPublicKey?: string;
}

const b64 = (value: string): Buffer => Buffer.from(value, 'base64url');

const hmac = (key: Buffer, ...data: Buffer[]): Buffer => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** HKDF (RFC 5869) for one block of output, as RFC 8291 uses it. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer => hmac(hmac(salt, ikm), info, Buffer.from([1])).subarray(0, length);

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the user agent's keys. */
export const decryptAes128gcm = (body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer => {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid must be the 65-byte server key, got ${idLength} bytes`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const userPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userPublic, serverPublic]);
  const ikm = hkdf(authSecret, sharedSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end);
};

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): ES256 over the JWT with key k, the audience our origin, not expired. */
export const verifyVapid = (header: string | undefined, audience: string, expectedKey?: string): { sub: string } => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (expectedKey !== undefined && key !== expectedKey) throw new Error('signed with another VAPID key');
  const raw = b64(key);
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const header_ = JSON.parse(b64(head).toString()) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg}`);
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, b64(signature))) throw new Error('bad VAPID signature');
  const body = JSON.parse(b64(claims).toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== audience) throw new Error(`aud ${body.aud}, expected ${audience}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof body.exp !== 'number' || body.exp <= now || body.exp > now + 24 * 3600 + 60) throw new Error(`exp ${body.exp}`);
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) throw new Error(`sub ${body.sub}`);
  return { sub: body.sub };
};

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests refused for a bad signature, a missing header or a payload that would not decrypt. */
  failures: string[];
  /** A new browser subscription at this service. */
  subscriber(): TestSubscriber;
  /** The statuses this subscriber's next requests get, in order (then 201 again). */
  respondWith(subscriberId: string, ...statuses: number[]): void;
  /** Pushes received for one subscriber. */
  to(subscriberId: string): ReceivedPush[];
  /** Resolves once `count` pushes have been received in all (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Every request, accepted or not, for counts of attempts. */
  attempts: Map<string, number>;
  close(): Promise<void>;
}

export const startLocalPushService = async (options: PushServiceOptions = {}): Promise<LocalPushService> => {
  const subscribers = new Map<string, TestSubscriber>();
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  const attempts = new Map<string, number>();
  let waiters: { count: number; resolve: () => void }[] = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
      const subscriber = id ? subscribers.get(id) : undefined;
      if (request.method !== 'POST' || !subscriber) {
        response.writeHead(404).end();
        return;
      }
      attempts.set(subscriber.id, (attempts.get(subscriber.id) ?? 0) + 1);
      const next = scripted.get(subscriber.id)?.shift();
      if (next !== undefined) {
        response.writeHead(next, next === 429 ? { 'retry-after': '0' } : {}).end();
        return;
      }
      try {
        verifyVapid(request.headers.authorization, origin, options.vapidPublicKey);
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${request.headers.ttl}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const plain = decryptAes128gcm(body, subscriber.ecdh, subscriber.authSecret);
        received.push({
          subscriberId: subscriber.id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl,
          urgency: (request.headers.urgency as string | undefined) ?? null,
          topic: (request.headers.topic as string | undefined) ?? null,
          at: Date.now(),
        });
        response.writeHead(201).end();
        waiters = waiters.filter((waiter) => {
          if (received.length < waiter.count) return true;
          waiter.resolve();
          return false;
        });
      } catch (error) {
        failures.push((error as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    failures,
    attempts,
    subscriber() {
      const id = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${id}`;
      const subscriber: TestSubscriber = {
        id,
        endpoint,
        subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') } },
        ecdh,
        authSecret,
      };
      subscribers.set(id, subscriber);
      return subscriber;
    },
    respondWith(subscriberId, ...statuses) {
      scripted.set(subscriberId, [...(scripted.get(subscriberId) ?? []), ...statuses]);
    },
    to(subscriberId) {
      return received.filter((push) => push.subscriberId === subscriberId);
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited for ${count} pushes, got ${received.length} (failures: ${failures.join('; ')})`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
