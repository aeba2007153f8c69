import type { FastifyRequest } from 'fastify';
import type { ActivityOrigin } from '../services/activity';

/** Who sent `request` (its signed-in user, or a guest) and from where, for the activity log. */
export const activityOrigin = (request: FastifyRequest): ActivityOrigin => {
  const user = request.auth?.user ?? null;
  return {
    who: user ? { userId: user._id, username: user.username, role: user.role } : null,
    serverIp: request.ip,
  };
};
