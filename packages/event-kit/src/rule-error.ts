/**
 * Why something was refused, in the domain's words. The API's one error handler turns the kind
 * into an HTTP status, so neither the cores nor the services know about statuses.
 */
export type RuleKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'too_many_requests'
  /** A dependency (the mail server, the store) cannot do it now; try again later. */
  | 'unavailable'
  /** Our own failure, told in words the user can act on; logged with its cause. */
  | 'failed';

/** A refusal: its kind, a message for the user and a machine-readable code. */
export class RuleError extends Error {
  constructor(
    readonly kind: RuleKind,
    message: string,
    readonly code?: string,
    /** For `too_many_requests` and `unavailable`: when to come back (Retry-After). */
    readonly retryAfterSeconds?: number,
    cause?: unknown,
    /** Fields the answer carries beside `message` and `code` (moderation's `until`, `retryAfter`, `terms`). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** Throws the refusal; typed `never` so a decision reads as a guard. */
export const refuse = (kind: RuleKind, code: string, message: string): never => {
  throw new RuleError(kind, message, code);
};
