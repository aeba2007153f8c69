import type { Redis } from 'ioredis';

export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * One line when Redis is lost and one when it is back, for all of a process's connections to it
 * and however many times ioredis retries meanwhile (each retry emits 'error'; an 'error' nobody
 * listens to is printed by ioredis as "Unhandled error event" every time). Give every connection
 * of a process the same `log` object: the outage is told once.
 */
const outages = new WeakMap<OutageLog, Set<string>>();

export const logRedisOutages = (redis: Redis, name: string, log: OutageLog): void => {
  let down = outages.get(log);
  if (!down) {
    down = new Set();
    outages.set(log, down);
  }
  const lost = down;
  redis.on('error', (error: Error) => {
    if (lost.has(name)) return;
    lost.add(name);
    if (lost.size === 1) log.warn(`redis unavailable (${name}): ${error.message}; writes go on, events wait for it`);
  });
  redis.on('ready', () => {
    if (!lost.delete(name)) return;
    if (lost.size === 0) log.info('redis available again');
  });
};
