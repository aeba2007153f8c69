import { LIMITS } from '@le/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityRecord, Store } from '../store';
import { createActivityService, type ActivityOrigin } from './activity';

/** An activity repository in memory: the visit check looks at what was written. */
const fakeActivity = () => {
  const written: Omit<ActivityRecord, 'usernameLower'>[] = [];
  const repo = {
    record: async (record: Omit<ActivityRecord, 'usernameLower'>) => {
      written.push(record);
      return record;
    },
    findRecentVisit: async (by: { userId: string | null; serverIp: string }, page: string, message: string, since: Date) =>
      written.find(
        (entry) =>
          (by.userId ? entry.userId === by.userId : entry.userId === null && entry.serverIp === by.serverIp) &&
          entry.page === page &&
          entry.message === message &&
          entry.createdAt.getTime() >= since.getTime(),
      ) ?? null,
  };
  return { written, repo: repo as unknown as Store['activity'] };
};

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
const sari: ActivityOrigin = { who: { userId: 'u1', username: 'sari', role: 'member' }, serverIp: '10.0.0.1' };
const guest: ActivityOrigin = { who: null, serverIp: '10.0.0.2' };

describe('activity service', () => {
  it('records a visit once within the dedup window, again after it', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const { written, repo } = fakeActivity();
    const activity = createActivityService(repo, log, () => now);
    expect(await activity.recordVisit(sari, { page: '/chat', ipAddress: '1.2.3.4' })).toBe(true);
    expect(await activity.recordVisit(sari, { page: '/chat', ipAddress: '1.2.3.4' })).toBe(false);
    now = new Date(now.getTime() + LIMITS.pageVisitDedupMs + 1);
    expect(await activity.recordVisit(sari, { page: '/chat' })).toBe(true);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ userId: 'u1', username: 'sari', role: 'member', ipAddress: '1.2.3.4', serverIp: '10.0.0.1', message: 'Visited /chat page' });
    // no address reported: the server's view
    expect(written[1]!.ipAddress).toBe('10.0.0.1');
  });

  it('logs a guest by name "guest", and a failed admin-action write is logged, not thrown', async () => {
    const { written, repo } = fakeActivity();
    const activity = createActivityService(repo, log);
    expect(await activity.recordVisit(guest, { page: '/' })).toBe(true);
    expect(written[0]).toMatchObject({ userId: null, username: 'guest', role: 'guest', serverIp: '10.0.0.2' });

    const failing = createActivityService({ record: () => Promise.reject(new Error('disk full')) } as unknown as Store['activity'], log);
    await expect(failing.record(sari, { page: '/manage-membership', message: 'Changed member x' })).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalled();
  });
});
