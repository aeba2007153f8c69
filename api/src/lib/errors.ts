import { RuleError, SeqTakenError, type RuleKind } from '@le/event-kit';
import { isStoreUnavailable } from './store-failures';

/**
 * Refusals in the domain's words: one type, `RuleError` of `@le/event-kit`, thrown by the cores'
 * decisions and by the services and routes alike, with a kind, a message for the user and a
 * machine-readable code. The one error handler (`app.ts`, through `asRuleError` and `statusOf`
 * below) turns the kind into an HTTP status, so no service knows about statuses.
 */
export { RuleError, type RuleKind };

export const badRequest = (message: string, code?: string) => new RuleError('invalid', message, code);
export const unauthorized = (message = 'Authentication is required. Please re-login.') => new RuleError('unauthenticated', message, 'UNAUTHORIZED');
export const forbidden = (message = 'You are not allowed to do this.', code = 'FORBIDDEN') => new RuleError('forbidden', message, code);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new RuleError('not_found', message, code);
export const conflict = (message: string, code?: string) => new RuleError('conflict', message, code);
export const tooLarge = (message: string, code: string) => new RuleError('too_large', message, code);
export const unsupportedType = (message: string, code: string) => new RuleError('unsupported_type', message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new RuleError('too_many_requests', message, 'TOO_MANY_REQUESTS', retryAfterSeconds);
export const unavailable = (message: string, code: string, cause?: unknown) => new RuleError('unavailable', message, code, undefined, cause);
export const failed = (message: string, code: string, cause?: unknown) => new RuleError('failed', message, code, undefined, cause);

/** How long a client waits before it tries a write again while the store cannot take it. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * A write our store could not make (full disk, I/O error, database away): 503 with Retry-After,
 * never a bare 500 (contract §15). The cause goes to the log, not to the client.
 */
export const storeUnavailable = (cause?: unknown) =>
  new RuleError('unavailable', 'We cannot save right now. Please try again in a moment.', 'STORE_UNAVAILABLE', STORE_RETRY_AFTER_SECONDS, cause);

/** The one place where a refusal's kind becomes an HTTP status. */
const STATUS_OF: Record<RuleKind, number> = {
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

/** Our refusals (the cores' included), our store failing, and a stream lost to other writers many times over. */
export const asRuleError = (error: unknown): RuleError | null => {
  // Our own storage failing, however a service wrapped it.
  if (error instanceof RuleError) return error.kind === 'failed' && isStoreUnavailable(error.cause) ? storeUnavailable(error.cause) : error;
  if (isStoreUnavailable(error)) return storeUnavailable(error);
  // The writer may simply retry.
  if (error instanceof SeqTakenError) return new RuleError('conflict', `The ${error.stream === 'signals' ? 'signals are' : 'chat is'} busy. Please try again.`, 'STREAM_BUSY');
  return null;
};

/** The HTTP status the error handler answers a refusal with. */
export const statusOf = (refusal: RuleError): number => STATUS_OF[refusal.kind];
