/** Building blocks and the shapes every area shares (errors, plain messages, ids, health). */
import { Type } from 'typebox';

/** A stored id: 24 lowercase hex digits. */
export const ObjectId = Type.String({ pattern: '^[0-9a-f]{24}$' });
export const NullableString = Type.Union([Type.String(), Type.Null()]);
/** A page's `nextCursor`: what to send for the next (older) page, null on the last one. */
export const Cursor = NullableString;

/** `/:id` of a stored record (history entries, payments, members, messages, files). */
export const IdParams = Type.Object({ id: ObjectId });

/** `GET /files/:id?w=`: the narrowest smaller copy of the image at least `w` pixels wide, else the original. */
export const FileQuery = Type.Object({ w: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) }, { additionalProperties: false });

/** Every 4xx/5xx body. */
export const ErrorResponse = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String()),
  /** TIMED_OUT: when the timeout ends (contract §13). */
  until: Type.Optional(Type.String()),
  /** SLOW_MODE: seconds before the next post may go (also the Retry-After header). */
  retryAfter: Type.Optional(Type.Integer()),
  /** BLOCKED_TERMS: the blocked terms the text contains. */
  terms: Type.Optional(Type.Array(Type.String())),
});
export const MessageResponse = Type.Object({ message: Type.String() });

/** `GET /api/health`. */
export const HealthCheck = Type.Enum(['ok', 'failing', 'unused']);
/** `GET /api/health`: 200 with `ok`, 503 with `failing` while the store cannot write (contract §15). */
export const HealthResponse = Type.Object({
  status: Type.Enum(['ok', 'failing']),
  store: Type.Enum(['embedded', 'mongodb']),
  realtime: Type.Enum(['local', 'redis']),
  checks: Type.Object({ store: HealthCheck, redis: HealthCheck }),
});
