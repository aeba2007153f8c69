import { ChatRuleError, StreamConflictError } from '@le/chat-core';
import { SignalRuleError, SignalSeqTakenError } from '@le/signal-core';

/**
 * Refusals in the domain's words. Services and routes throw them with a kind, a message for the
 * user and a machine-readable code; the one error handler (`app.ts`, through `asRefusal` and `statusOf` below) turns the kind into
 * an HTTP status, so no service knows about statuses. chat-core's `ChatRuleError` has the same
 * shape (its kinds are a subset) and is answered the same way.
 */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'too_many_requests'
  /** A dependency (the mail server) cannot do it now; try again later. */
  | 'unavailable'
  /** Our own failure, told in words the user can act on; logged with its cause. */
  | 'failed';

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly code?: string,
    /** For `too_many_requests`: when to come back. */
    readonly retryAfterSeconds?: number,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export const badRequest = (message: string, code?: string) => new Refusal('invalid', message, code);
export const unauthorized = (message = 'Authentication is required. Please re-login.') => new Refusal('unauthenticated', message, 'UNAUTHORIZED');
export const forbidden = (message = 'You are not allowed to do this.', code = 'FORBIDDEN') => new Refusal('forbidden', message, code);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new Refusal('not_found', message, code);
export const conflict = (message: string, code?: string) => new Refusal('conflict', message, code);
export const tooLarge = (message: string, code: string) => new Refusal('too_large', message, code);
export const unsupportedType = (message: string, code: string) => new Refusal('unsupported_type', message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new Refusal('too_many_requests', message, 'TOO_MANY_REQUESTS', retryAfterSeconds);
export const unavailable = (message: string, code: string, cause?: unknown) => new Refusal('unavailable', message, code, undefined, cause);
export const failed = (message: string, code: string, cause?: unknown) => new Refusal('failed', message, code, undefined, cause);

/** The one place where a refusal's kind becomes an HTTP status. */
const STATUS_OF: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many_requests: 429,
  failed: 500,
  unavailable: 503,
};

/** Our refusals, the cores' rule errors, and a stream lost to other writers many times over. */
export const asRefusal = (error: unknown): Refusal | null => {
  if (error instanceof Refusal) return error;
  if (error instanceof ChatRuleError || error instanceof SignalRuleError) return new Refusal(error.kind, error.message, error.code);
  // The writer may simply retry.
  if (error instanceof StreamConflictError) return new Refusal('conflict', 'The chat is busy. Please try again.', 'STREAM_BUSY');
  if (error instanceof SignalSeqTakenError) return new Refusal('conflict', 'The signals are busy. Please try again.', 'STREAM_BUSY');
  return null;
};

/** The HTTP status the error handler answers a refusal with. */
export const statusOf = (refusal: Refusal): number => STATUS_OF[refusal.kind];
