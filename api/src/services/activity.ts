import type { ActivityLogEntry } from '@le/contracts';
import type { FastifyRequest } from 'fastify';
import { newId } from '../lib/ids';
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

/** The record of one action by whoever sent `request` (its signed-in user, or a guest). */
export const activityRecord = (request: FastifyRequest, input: ActivityInput, now = new Date()): Omit<ActivityRecord, 'usernameLower'> => {
  const user = request.auth?.user ?? null;
  return {
    _id: newId(),
    userId: user?._id ?? null,
    username: user?.username ?? GUEST_NAME,
    role: user?.role ?? 'guest',
    ipAddress: input.ipAddress ?? request.ip,
    serverIp: request.ip,
    page: input.page,
    message: input.message,
    createdAt: now,
  };
};

/** The activity log's writer (one per app). */
export const createActivityService = (activity: Store['activity']) => ({
  /**
   * Writes one activity log entry (spec §2 Activity log). Admin routes call it after their change
   * is stored: the change stands even when the log write fails, so a failure is logged, not thrown.
   */
  async record(request: FastifyRequest, input: ActivityInput): Promise<void> {
    try {
      await activity.record(activityRecord(request, input));
    } catch (error) {
      request.log.error({ err: error, activity: input.message }, 'could not record an activity log entry');
    }
  },
});

export type ActivityService = ReturnType<typeof createActivityService>;

export const toActivityLogEntry = (record: ActivityRecord): ActivityLogEntry => ({
  _id: record._id,
  username: record.username,
  role: record.role,
  ipAddress: record.ipAddress,
  serverIp: record.serverIp,
  page: record.page,
  message: record.message,
  createdAt: record.createdAt.toISOString(),
});

/** "Rp 100.000" as the admin console and the log write amounts. */
export const rupiah = (amount: number): string => `Rp ${amount.toLocaleString('id-ID')}`;
