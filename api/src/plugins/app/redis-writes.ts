/** The part of an ioredis client the writer uses. */
export interface KeyWriterRedis {
  readonly status: string;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  on(event: 'ready', listener: () => void): unknown;
}

export interface KeyWriterLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface KeyWriterOptions {
  log?: KeyWriterLog;
  /** Most writes kept while Redis is away (default 100 000); beyond that the oldest goes, said in the log. */
  maxPending?: number;
  /** First and longest wait between tries (default 250 ms, doubling up to 10 s). */
  minDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
}

export interface KeyWriter {
  /** Sets `key` to `value` for `ttlSeconds`, now or, if Redis is away, as soon as it is back. */
  set(key: string, value: string, ttlSeconds: number): void;
  /** Writes waiting for Redis. */
  readonly pending: number;
  /** Resolves once nothing waits (for tests and a graceful close). */
  drained(): Promise<void>;
}

interface Pending {
  value: string;
  /** ms since epoch: a write whose time is up is not made at all. */
  expiresAt: number;
}

/**
 * Expiring keys the API must not lose (revoked sessions, current roles) while Redis is away. Every
 * write goes through a map keyed by the Redis key, so a later write of a key replaces an earlier
 * one that still waits, and it stays there until Redis acknowledges it: tried at once, then again
 * with a doubling wait (and whenever the client is ready again). Each keeps its own deadline, so
 * a write made late expires when it would have. The map is bounded; the first failure of an
 * outage and its end are logged once each.
 */
export const createKeyWriter = (redis: KeyWriterRedis, options: KeyWriterOptions = {}): KeyWriter => {
  const maxPending = options.maxPending ?? 100_000;
  const minDelay = options.minDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 10_000;
  const now = options.now ?? Date.now;
  const pending = new Map<string, Pending>();
  let delay = minDelay;
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let again = false;
  let failing = false;
  let dropped = 0;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (pending.size > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  const retryLater = () => {
    if (timer || redis.status === 'end') return; // closed on purpose: nothing will come back
    timer = setTimeout(() => {
      timer = null;
      flush();
    }, delay);
    timer.unref();
    delay = Math.min(maxDelay, delay * 2);
  };

  const fail = (reason: string) => {
    if (!failing) options.log?.warn(`redis unavailable (${reason}): revocation and role writes are kept and retried until it is back`);
    failing = true;
    retryLater();
  };

  const attempt = async (): Promise<void> => {
    // Not connected: ioredis would only queue the command in its own unbounded offline queue.
    if (redis.status !== 'ready') {
      fail('not connected');
      return;
    }
    let failed: unknown = null;
    await Promise.all(
      [...pending].map(async ([key, entry]) => {
        const seconds = Math.ceil((entry.expiresAt - now()) / 1000);
        if (seconds <= 0) {
          if (pending.get(key) === entry) pending.delete(key);
          return;
        }
        try {
          await redis.set(key, entry.value, 'EX', seconds);
          // A newer write of the same key that came meanwhile is still to be made.
          if (pending.get(key) === entry) pending.delete(key);
        } catch (error) {
          failed = error;
        }
      }),
    );
    if (failed !== null) {
      fail((failed as Error).message);
      return;
    }
    if (failing && pending.size === 0) {
      failing = false;
      options.log?.info('redis is back: the revocation and role writes kept meanwhile are made');
    }
    delay = minDelay;
  };

  const flush = (): void => {
    if (flushing) {
      again = true;
      return;
    }
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    flushing = attempt().finally(() => {
      flushing = null;
      // Asked for while this one ran (Redis ready again, or a write with no retry scheduled).
      if (again && pending.size > 0) {
        again = false;
        flush();
        return;
      }
      again = false;
      settle();
    });
  };

  redis.on('ready', () => {
    if (pending.size === 0) return;
    delay = minDelay;
    flush();
  });

  return {
    set(key, value, ttlSeconds) {
      pending.delete(key); // the newest write of a key goes last, and alone
      pending.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      if (pending.size > maxPending) {
        const oldest = pending.keys().next().value!;
        pending.delete(oldest);
        dropped += 1;
        if (dropped === 1 || dropped % 1000 === 0) {
          options.log?.warn(`redis unavailable too long: ${dropped} revocation or role writes dropped, the oldest first, to bound memory`);
        }
      }
      // While a retry is scheduled (Redis away), the write waits for it rather than trying alone.
      if (!timer) flush();
    },
    get pending() {
      return pending.size;
    },
    drained() {
      if (pending.size === 0 && !flushing) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
};
