import type { ActivityLogEntry } from '@le/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityRecord } from '../store';
/** Who a log entry names when nobody is signed in. */
export declare const GUEST_NAME = "guest";
export interface ActivityInput {
    /** The page the action happened on, e.g. "/manage-membership". */
    page: string;
    message: string;
    /** What the browser reported from the public IP lookup; the server's view when not given. */
    ipAddress?: string;
}
/** The record of one action by whoever sent `request` (its signed-in user, or a guest). */
export declare const activityRecord: (request: FastifyRequest, input: ActivityInput, now?: Date) => Omit<ActivityRecord, "usernameLower">;
/**
 * Writes one activity log entry (spec §2 Activity log). Admin routes call it after their change
 * is stored: the change stands even when the log write fails, so a failure is logged, not thrown.
 */
export declare const recordActivity: (app: FastifyInstance, request: FastifyRequest, input: ActivityInput) => Promise<void>;
export declare const toActivityLogEntry: (record: ActivityRecord) => ActivityLogEntry;
/** "Rp 100.000" as the admin console and the log write amounts. */
export declare const rupiah: (amount: number) => string;
