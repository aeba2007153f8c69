/** An error the client should see: status, message and an optional machine-readable code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Authentication is required. Please re-login.') =>
  new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'TOO_MANY_REQUESTS', { 'retry-after': String(retryAfterSeconds) });
