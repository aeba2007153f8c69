/** The activity log (spec §2, §3, §7): page visits reported by browsers, read by admins. */
import { Type } from 'typebox';
import { Cursor } from './common';

/** What the browser reports from the public IP lookup: an IPv4/IPv6 address, or "Unknown" (spec §8). */
const ReportedIp = Type.String({ minLength: 1, maxLength: 64, pattern: '^(Unknown|[0-9A-Fa-f.:]{2,45})$' });

export const LogActivityBody = Type.Object(
  {
    ipAddress: ReportedIp,
    // Spec §7 sends these; the server names the signed-in user (or a guest) itself.
    username: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(Type.String({ maxLength: 20 })),
    /** A path of the app, nothing else: the log shows it to admins (contract §10). */
    page: Type.String({ minLength: 1, maxLength: 200, pattern: '^/[A-Za-z0-9/_.%~-]*$' }),
    /** Spec §7 sends the sentence too; the server writes its own ("Visited {page} page") and ignores this. */
    message: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);

/** Spec §3 activity log entry, plus the IP the server saw (`serverIp`). */
export const ActivityLogEntry = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  role: Type.String(),
  /** The address the server saw (TRUST_PROXY hops counted), never one the client wrote. */
  ipAddress: Type.String(),
  serverIp: Type.String(),
  /** What the browser reported, when it differs: shown as reported, never as the address. */
  reportedIpAddress: Type.Optional(Type.String()),
  page: Type.String(),
  message: Type.String(),
  createdAt: Type.String(),
});

/** `GET /auth/log-activity` (admins): newest first, filtered by user and page. */
export const ActivityListQuery = Type.Object({
  user: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.String({ maxLength: 300 })),
  before: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});

export const ActivityListResponse = Type.Object({ logs: Type.Array(ActivityLogEntry), nextCursor: Cursor });
