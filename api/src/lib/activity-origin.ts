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

/** The admin screens a decision can be taken on; the log names the one it came from. */
const ADMIN_DECISION_PAGES = new Set(['/manage-membership', '/chat-admin', '/dashboard']);

/**
 * The page an admin decided on, from the request's same-origin `Referer` (the app's policy sends
 * the path to its own origin) when it is one of the admin screens; `fallback` otherwise. Only a
 * label in the log: it grants nothing.
 */
export const decisionPage = (request: FastifyRequest, fallback: string): string => {
  const referer = request.headers.referer;
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (!request.headers.host || url.host !== new URL(`${url.protocol}//${request.headers.host}`).host) return fallback;
    return ADMIN_DECISION_PAGES.has(url.pathname) ? url.pathname : fallback;
  } catch {
    return fallback;
  }
};
