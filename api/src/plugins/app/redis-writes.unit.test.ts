import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyWriter, type KeyWriterRedis } from './redis-writes';

/** Revocation and role keys are never dropped while Redis is away: kept by key, retried, logged once. */
class FakeRedis extends EventEmitter implements KeyWriterRedis {
  status = 'ready';
  /** What the next SETs do: 'ok' stores, 'fail' rejects, 'hold' waits for `release`. */
  mode: 'ok' | 'fail' | 'hold' = 'ok';
  readonly store = new Map<string, { value: string; seconds: number }>();
  readonly tries: string[] = [];
  private held: (() => void)[] = [];

  set(key: string, value: string, _mode: 'EX', seconds: number): Promise<unknown> {
    this.tries.push(`${key}=${value}`);
    if (this.mode === 'fail') return Promise.reject(new Error('Connection is closed.'));
    const write = () => this.store.set(key, { value, seconds });
    if (this.mode === 'hold') return new Promise((resolve) => this.held.push(() => resolve(write())));
    write();
    return Promise.resolve('OK');
  }

  release() {
    for (const resolve of this.held.splice(0)) resolve();
  }

  back() {
    this.status = 'ready';
    this.mode = 'ok';
    this.emit('ready');
  }
}

const logs = () => {
  const lines: string[] = [];
  return { lines, log: { warn: (message: string) => lines.push(`warn ${message}`), info: (message: string) => lines.push(`info ${message}`) } };
};

describe('createKeyWriter', () => {
  let clock: number;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const now = () => clock;

  it('writes at once while Redis is there', async () => {
    const redis = new FakeRedis();
    const writer = createKeyWriter(redis, { now });
    writer.set('le:revoked-session:a', '1', 60);
    await writer.drained();
    expect(redis.store.get('le:revoked-session:a')).toEqual({ value: '1', seconds: 60 });
    expect(writer.pending).toBe(0);
  });

  it('while Redis is not connected, keeps the writes (the last of each key), says so once, and makes them when it is back', async () => {
    const redis = new FakeRedis();
    redis.status = 'reconnecting';
    const { lines, log } = logs();
    const writer = createKeyWriter(redis, { now, log });
    writer.set('le:user-role:u', 'admin', 60);
    writer.set('le:revoked-session:a', '1', 60);
    writer.set('le:user-role:u', 'member', 60);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(redis.tries).toEqual([]); // not handed to ioredis's own (unbounded) offline queue
    expect(writer.pending).toBe(2);
    expect(lines).toEqual(['warn redis unavailable (not connected): revocation and role writes are kept and retried until it is back']);

    clock += 10_000; // their time runs while they wait
    redis.back();
    await writer.drained();
    expect(Object.fromEntries(redis.store)).toEqual({
      'le:revoked-session:a': { value: '1', seconds: 50 },
      'le:user-role:u': { value: 'member', seconds: 50 },
    });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^info redis is back/);
  });

  it('retries refused writes with a growing wait until they go through, logging once', async () => {
    const redis = new FakeRedis();
    redis.mode = 'fail';
    const { lines, log } = logs();
    const writer = createKeyWriter(redis, { now, log, minDelayMs: 100, maxDelayMs: 800 });
    writer.set('le:revoked-session:a', '1', 3_600);
    await vi.advanceTimersByTimeAsync(0);
    expect(redis.tries).toHaveLength(1);
    // 100, 200, 400, 800, 800 ms: five more tries in 2.3 s.
    await vi.advanceTimersByTimeAsync(2_300);
    expect(redis.tries).toHaveLength(6);
    expect(lines).toEqual(['warn redis unavailable (Connection is closed.): revocation and role writes are kept and retried until it is back']);

    redis.mode = 'ok';
    await vi.advanceTimersByTimeAsync(800);
    await writer.drained();
    expect(redis.store.get('le:revoked-session:a')?.value).toBe('1');
    expect(lines[1]).toMatch(/^info redis is back/);
  });

  it('does not make a write whose time ran out while Redis was away', async () => {
    const redis = new FakeRedis();
    redis.status = 'connecting';
    const writer = createKeyWriter(redis, { now });
    writer.set('le:user-role:u', 'member', 5);
    clock += 6_000;
    redis.back();
    await writer.drained();
    expect(redis.tries).toEqual([]);
    expect(writer.pending).toBe(0);
  });

  it('a newer write of a key made while an older one is under way is made after it, and wins', async () => {
    const redis = new FakeRedis();
    redis.mode = 'hold';
    const writer = createKeyWriter(redis, { now });
    writer.set('le:user-role:u', 'admin', 60);
    writer.set('le:user-role:u', 'member', 60);
    await vi.advanceTimersByTimeAsync(0);
    expect(redis.tries).toEqual(['le:user-role:u=admin']);
    redis.mode = 'ok';
    redis.release();
    await writer.drained();
    expect(redis.tries).toEqual(['le:user-role:u=admin', 'le:user-role:u=member']);
    expect(redis.store.get('le:user-role:u')?.value).toBe('member');
  });

  it('keeps at most maxPending writes, dropping the oldest and saying so', async () => {
    const redis = new FakeRedis();
    redis.status = 'reconnecting';
    const { lines, log } = logs();
    const writer = createKeyWriter(redis, { now, log, maxPending: 3 });
    for (const id of ['a', 'b', 'c', 'd']) writer.set(`le:revoked-session:${id}`, '1', 60);
    expect(writer.pending).toBe(3);
    expect(lines.some((line) => line.includes('1 revocation or role writes dropped'))).toBe(true);
    redis.back();
    await writer.drained();
    expect([...redis.store.keys()].sort()).toEqual(['le:revoked-session:b', 'le:revoked-session:c', 'le:revoked-session:d']);
  });

  it('stops retrying once the client was closed on purpose', async () => {
    const redis = new FakeRedis();
    redis.status = 'end';
    const writer = createKeyWriter(redis, { now, minDelayMs: 10 });
    writer.set('le:revoked-session:a', '1', 60);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(redis.tries).toEqual([]);
  });
});
