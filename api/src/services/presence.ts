import { LIMITS, ROOMS } from '@le/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Presence as the API sees it: a browser session's heartbeat vouches for its user for
 * `LIMITS.presenceTtlMs`, beside the sockets the realtime processes hold (see
 * `realtime-server/src/presence.ts`). Admins hear `presence:changed` on each edge. Presence is
 * best effort: when Redis is away, the heartbeat still answers and the next one catches up.
 */
const holderOf = (sessionId: string) => `session:${sessionId}`;

const announce = (app: FastifyInstance, userId: string, online: boolean) => {
  app.realtime.publisher.emit([ROOMS.role('admin')], 'presence:changed', { userId, online });
};

/** A heartbeat of this browser session. */
export const touchPresence = async (app: FastifyInstance, userId: string, sessionId: string): Promise<void> => {
  try {
    if (await app.realtime.presence.enter(userId, holderOf(sessionId), LIMITS.presenceTtlMs)) announce(app, userId, true);
  } catch (error) {
    app.log.warn({ err: error }, 'presence update failed');
  }
};

/** The browser session said goodbye (logout, page unload). */
export const leavePresence = async (app: FastifyInstance, userId: string, sessionId: string): Promise<void> => {
  try {
    if (await app.realtime.presence.leave(userId, holderOf(sessionId))) announce(app, userId, false);
  } catch (error) {
    app.log.warn({ err: error }, 'presence update failed');
  }
};

/** Users online now (a socket on any realtime process or a fresh heartbeat); empty if unknown. */
export const onlineUserIds = async (app: FastifyInstance): Promise<Set<string>> => {
  try {
    return new Set(await app.realtime.presence.onlineUserIds());
  } catch (error) {
    app.log.warn({ err: error }, 'presence read failed');
    return new Set();
  }
};
