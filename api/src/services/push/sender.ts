import { createHash } from 'node:crypto';
import { PUSH_RULES } from '@le/contracts';
import webpush from 'web-push';
import type { VapidKeys } from '../../lib/vapid-keys';
import type { PushSubscriptionRecord } from '../../store';
import type { Delivery } from './notices';

export interface SenderLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface SenderOptions {
  vapid: VapidKeys;
  /** The push service said the subscription is gone (404, 410): forget it. */
  forget(endpoint: string): Promise<unknown>;
  log: SenderLog;
  tries?: number;
  firstBackoffMs?: number;
  concurrency?: number;
  timeoutMs?: number;
}

export interface SendReport {
  sent: number;
  gone: number;
  failed: number;
}

/**
 * The `Topic` header (RFC 8030 §5.4: at most 32 base64url characters) from the notification's tag:
 * the push service keeps only the newest message of a topic for a device that is offline.
 */
export const topicOf = (tag: string): string => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** A Retry-After header in milliseconds (seconds or an HTTP date), or null. */
const retryAfterMs = (header: string | null, now: number): number | null => {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

/** How long a VAPID JWT is valid (RFC 8292 allows at most 24 hours). */
const VAPID_LIFETIME_SECONDS = 12 * 3_600;

interface Job {
  subscription: PushSubscriptionRecord;
  delivery: Delivery;
  tries: number;
}

/**
 * Sends each delivery to its push service: the payload encrypted for the subscription
 * (RFC 8291 aes128gcm) and signed with VAPID (RFC 8292) by `web-push`, the request made here with
 * fetch (so a loopback `http:` endpoint works too). At most `concurrency` requests at once; a 404
 * or 410 forgets the subscription; a 429, a 5xx or no answer is tried again after a back-off that
 * doubles (or the push service's Retry-After), `tries` times in all. Nothing here is durable: a
 * delivery waiting for its next try when the process stops is dropped, never sent twice.
 */
export const createPushSender = (options: SenderOptions) => {
  const tries = options.tries ?? PUSH_RULES.tries;
  const firstBackoffMs = options.firstBackoffMs ?? PUSH_RULES.firstBackoffMs;
  const concurrency = options.concurrency ?? PUSH_RULES.concurrency;
  const timeoutMs = options.timeoutMs ?? PUSH_RULES.requestTimeoutMs;
  // A VAPID JWT is signed per push service (its origin) and reused until an hour before it expires:
  // signing costs twice the payload's encryption, and a fan-out sends to a handful of origins.
  const vapidHeaders = new Map<string, { authorization: string; until: number }>();
  const authorizationFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = vapidHeaders.get(audience);
    if (cached && cached.until > now) return cached.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_LIFETIME_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, options.vapid.subject, options.vapid.publicKey, options.vapid.privateKey, 'aes128gcm', expiration);
    vapidHeaders.set(audience, { authorization: Authorization, until: now + (VAPID_LIFETIME_SECONDS - 3_600) * 1000 });
    return Authorization;
  };
  const queue: Job[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let active = 0;
  let closed = false;
  const report: SendReport = { sent: 0, gone: 0, failed: 0 };
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (active === 0 && queue.length === 0 && timers.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  const retry = (job: Job, delayMs: number) => {
    if (closed || job.tries >= tries) {
      report.failed += 1;
      options.log.warn({ endpointHost: hostOf(job.subscription.endpoint), tries: job.tries }, 'push: gave up on a delivery');
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      enqueueJob(job);
      settleIdle();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  const sendOne = async (job: Job): Promise<void> => {
    job.tries += 1;
    const { subscription, delivery } = job;
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: subscription.keys },
      JSON.stringify(delivery.payload),
      { TTL: delivery.ttlSeconds, urgency: delivery.urgency, topic: topicOf(delivery.payload.tag), contentEncoding: 'aes128gcm' },
    );
    let status: number;
    let retryAfter: string | null = null;
    try {
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: { ...(details.headers as Record<string, string>), Authorization: authorizationFor(subscription.endpoint) },
        body: details.body ?? undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = 0;
    }
    if (status >= 200 && status < 300) {
      report.sent += 1;
      return;
    }
    if (status === 404 || status === 410) {
      report.gone += 1;
      await options.forget(subscription.endpoint).catch((error: unknown) => options.log.warn({ err: error }, 'push: could not forget a gone subscription'));
      return;
    }
    if (status === 0 || status === 429 || status >= 500) {
      const backoff = firstBackoffMs * 2 ** (job.tries - 1);
      retry(job, Math.max(backoff, retryAfterMs(retryAfter, Date.now()) ?? 0));
      return;
    }
    // 400, 403, 413: this request will never be accepted as it is; trying again would not help.
    report.failed += 1;
    options.log.warn({ status, endpointHost: hostOf(subscription.endpoint) }, 'push: the push service refused a delivery');
  };

  const pump = () => {
    while (!closed && active < concurrency && queue.length > 0) {
      const job = queue.shift()!;
      active += 1;
      void sendOne(job)
        .catch((error: unknown) => {
          report.failed += 1;
          options.log.warn({ err: error }, 'push: a delivery failed');
        })
        .finally(() => {
          active -= 1;
          pump();
          settleIdle();
        });
    }
  };

  const enqueueJob = (job: Job) => {
    if (closed) return;
    queue.push(job);
    pump();
  };

  return {
    report,
    enqueue(subscription: PushSubscriptionRecord, delivery: Delivery): void {
      enqueueJob({ subscription, delivery, tries: 0 });
    },
    /** Resolves once nothing is queued, in flight or waiting for a retry (tests, the bench). */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    /** Stops: retries waiting are dropped, requests in flight are awaited. */
    async close(): Promise<void> {
      closed = true;
      queue.length = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
};

export type PushSender = ReturnType<typeof createPushSender>;

const hostOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
};
