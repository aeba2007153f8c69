import { LIMITS, ROOMS } from '@le/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeServices } from '../plugins/app/publisher';

/**
 * Presence as the API sees it: a browser session's heartbeat vouches for its user for
 * `LIMITS.presenceTtlMs`, beside the sockets the realtime processes hold (see
 * `realtime-server/src/presence.ts`). Admins hear `presence:changed` on each edge. Presence is
 * best effort: when Redis is away, the heartbeat still answers and the next one catches up.
 */
const holderOf = (sessionId: string) => `session:${sessionId}`;

export const createPresenceService = ({ publisher, presence }: RealtimeServices, log: FastifyBaseLogger) => {
  const announce = (userId: string, online: boolean) => {
    publisher.emit([ROOMS.role('admin')], 'presence:changed', { userId, online });
  };

  return {
    /** A heartbeat of this browser session. */
    async touch(userId: string, sessionId: string): Promise<void> {
      try {
        if (await presence.enter(userId, holderOf(sessionId), LIMITS.presenceTtlMs)) announce(userId, true);
      } catch (error) {
        log.warn({ err: error }, 'presence update failed');
      }
    },

    /** The browser session said goodbye (logout, page unload) or was ended. */
    async leave(userId: string, sessionId: string): Promise<void> {
      try {
        if (await presence.leave(userId, holderOf(sessionId))) announce(userId, false);
      } catch (error) {
        log.warn({ err: error }, 'presence update failed');
      }
    },

    /** Users online now (a socket on any realtime process or a fresh heartbeat); empty if unknown. */
    async userIds(): Promise<Set<string>> {
      try {
        return new Set(await presence.onlineUserIds());
      } catch (error) {
        log.warn({ err: error }, 'presence read failed');
        return new Set();
      }
    },
  };
};

export type PresenceService = ReturnType<typeof createPresenceService>;
