import { env } from '@/config/env';
import { getSessionToken, useSessionStore } from '@/stores/session-store';

/** A failed API call: the HTTP status (0 when the network failed) and the server's `{message, code}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's own `message`, when it sent one. */
  readonly serverMessage: string | undefined;
  /** Seconds from a `Retry-After` header (429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: { status: number; message?: string; code?: string; retryAfterSeconds?: number }) {
    super(init.message ?? `Request failed with status ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.message;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The server's message when there is one, else the screen's fallback text (spec §8). */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable body, or FormData for uploads. */
  body?: unknown;
  /** Send the stored bearer token (default true). The sign-in screens turn it off. */
  auth?: boolean;
  /** On a 401 of an authenticated call, also leave for the login screen (default true; the session is cleared either way). */
  redirectOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Give up after this long: the call then fails as a network failure would (ApiError, status 0). */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers how to reach the login screen; the client stays free of the router. */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler): void => {
  onUnauthorized = handler;
};

const parseRetryAfter = (value: string | null): number | undefined => {
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export const apiUrl = (path: string): string => `${env.apiBase}${path.startsWith('/') ? path : `/${path}`}`;

/** The one fetch wrapper: JSON in and out, bearer token, `{message}` errors as ApiError, 401 ends the session. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, redirectOnUnauthorized = true, signal, timeoutMs, headers = {} } = options;
  const token = auth ? getSessionToken() : null;
  const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  if (token) requestHeaders.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    requestHeaders['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  // A request that never answers ends as a network failure would (a plain timer, so the caller's own
  // abort stays an AbortError and tests can move the clock).
  const timeout = timeoutMs === undefined ? null : new AbortController();
  const timer = timeout ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
  const requestSignal = timeout ? (signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal) : signal;

  let response: Response;
  let data: unknown;
  try {
    response = await fetch(apiUrl(path), { method, headers: requestHeaders, body: payload, signal: requestSignal });
    data = await readJson(response);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError' && !timeout?.signal.aborted) throw error;
    throw new ApiError({ status: 0 });
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const error = new ApiError({
      status: response.status,
      message: typeof record.message === 'string' ? record.message : undefined,
      code: typeof record.code === 'string' ? record.code : undefined,
      retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    });
    // Only the session this request spoke for ends: a late 401 for an older token leaves a newer sign-in alone.
    if (response.status === 401 && token && getSessionToken() === token) {
      useSessionStore.getState().clear();
      if (redirectOnUnauthorized) onUnauthorized();
    }
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
