import { isAdminPage, LIMITS, type ActivityLogEntry } from '@le/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { newOrderedId } from '../lib/ids';
import type { ActivityRecord, Store } from '../store';

/** The sentence of a page visit (spec §7), written by the server. */
export const visitMessage = (page: string): string => `Visited ${page} page`;

/** Who a log entry names when nobody is signed in. */
export const GUEST_NAME = 'guest';

export interface ActivityInput {
  /** The page the action happened on, e.g. "/manage-membership". */
  page: string;
  message: string;
  /** What the browser reported from the public IP lookup; the server's view when not given. */
  ipAddress?: string;
}

/** Who acted, and from where as the server saw it (the route builds it from its request). */
export interface ActivityOrigin {
  /** The signed-in user; null for a visitor who is not signed in (logged as a guest). */
  who: { userId: string; username: string; role: string } | null;
  /** The address the server saw the request come from. */
  serverIp: string;
}

/** The record of one action by `origin`'s user (or a guest). */
export const activityRecord = (origin: ActivityOrigin, input: ActivityInput, now = new Date()): Omit<ActivityRecord, 'usernameLower'> => ({
  _id: newOrderedId(now),
  userId: origin.who?.userId ?? null,
  username: origin.who?.username ?? GUEST_NAME,
  role: origin.who?.role ?? 'guest',
  ipAddress: input.ipAddress ?? origin.serverIp,
  serverIp: origin.serverIp,
  page: input.page,
  message: input.message,
  createdAt: now,
});

/** The activity log's writer (one per app). */
export const createActivityService = (activity: Store['activity'], log: FastifyBaseLogger, clock: () => Date = () => new Date()) => ({
  /**
   * Writes one activity log entry (spec §2 Activity log). Admin routes call it after their change
   * is stored: the change stands even when the log write fails, so a failure is logged, not thrown.
   */
  async record(origin: ActivityOrigin, input: ActivityInput): Promise<void> {
    try {
      await activity.record(activityRecord(origin, input, clock()));
    } catch (error) {
      log.error({ err: error, activity: input.message }, 'could not record an activity log entry');
    }
  },

  /**
   * A page visit a browser reported (spec §7); the server writes the sentence, so nobody puts words
   * of their own into the log. The same visit by the same user (or the same address for a guest)
   * within `LIMITS.pageVisitDedupMs` is not written again (two tabs, a double mount): returns
   * false then, true when written.
   */
  async recordVisit(origin: ActivityOrigin, visit: { page: string; ipAddress?: string }): Promise<boolean> {
    // A non-admin never sees an admin page (the app sends them to sign in): a report of such a
    // visit is no visit, and the log must not read as if they had been there.
    if (isAdminPage(visit.page) && origin.who?.role !== 'admin') return false;
    const message = visitMessage(visit.page);
    const record = activityRecord(origin, { ...visit, message }, clock());
    const since = new Date(record.createdAt.getTime() - LIMITS.pageVisitDedupMs);
    if (await activity.findRecentVisit({ userId: record.userId, serverIp: record.serverIp }, visit.page, message, since)) return false;
    await activity.record(record);
    return true;
  },
});

export type ActivityService = ReturnType<typeof createActivityService>;

export const toActivityLogEntry = (record: ActivityRecord): ActivityLogEntry => ({
  _id: record._id,
  username: record.username,
  role: record.role,
  // The address the server saw; the one the browser reported (a public-IP lookup, or anything a
  // client cares to write) only beside it, labelled (contract §10).
  ipAddress: record.serverIp,
  serverIp: record.serverIp,
  ...(record.ipAddress && record.ipAddress !== record.serverIp ? { reportedIpAddress: record.ipAddress } : {}),
  page: record.page,
  message: record.message,
  createdAt: record.createdAt.toISOString(),
});

/** "Rp 100.000" as the admin console and the log write amounts. */
export const rupiah = (amount: number): string => `Rp ${amount.toLocaleString('id-ID')}`;
