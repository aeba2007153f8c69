// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { ApiError } from './api-client';
import { loginAs, publicUser } from './test-fixtures';
import { clearOnSessionChange, lastReadFailed, shouldRetry } from './query-client';


describe('shouldRetry', () => {
  it('tries once more after a network failure or a 5xx, never after a 4xx or a non-API error', () => {
    expect(shouldRetry(0, new ApiError({ status: 0 }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ status: 503 }))).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 503 }))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, new ApiError({ status }))).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});

describe('lastReadFailed', () => {
  it('holds from a failed read, through the next attempt (when TanStack shows pending), until a read succeeds', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['chat', 'chats', 'user'];
    const state = () => client.getQueryState(key)!;
    await client.fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new ApiError({ status: 500 })) }).catch(() => undefined);
    expect(state().status).toBe('error');
    expect(lastReadFailed(state())).toBe(true);

    let answer: (chats: string[]) => void = () => undefined;
    const again = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
    expect(state().status).toBe('pending');
    expect(lastReadFailed(state())).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 2));
    answer(['chat']);
    await again;
    expect(lastReadFailed(state())).toBe(false);
  });
});

describe('clearOnSessionChange', () => {
  let client: QueryClient;
  let stop: () => void;
  const cached = () => client.getQueryData(['admin', 'stats']);

  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().reload();
    client = new QueryClient();
    stop = clearOnSessionChange(client);
    client.setQueryData(['admin', 'stats'], { pendingPayments: 3 });
  });
  afterEach(() => {
    stop();
    client.clear();
  });

  it('empties the cache on sign-in, on a switch of account and on sign-out', () => {
    useSessionStore.getState().signIn(loginAs('rina'));
    expect(cached()).toBeUndefined();

    client.setQueryData(['admin', 'stats'], { pendingPayments: 3 });
    useSessionStore.getState().signIn(loginAs('budi'));
    expect(cached()).toBeUndefined();

    client.setQueryData(['admin', 'stats'], { pendingPayments: 3 });
    useSessionStore.getState().clear();
    expect(cached()).toBeUndefined();
  });

  it('keeps the cache while the session stays (a refreshed user, a reload of the same token)', () => {
    useSessionStore.getState().signIn(loginAs('rina'));
    client.setQueryData(['admin', 'stats'], { pendingPayments: 3 });
    client.setQueryData(['auth', 'me'], publicUser('rina', { city: 'Bandung' }));
    useSessionStore.getState().reload();
    expect(cached()).toEqual({ pendingPayments: 3 });
  });

  it('follows another tab: the token read back from storage is another account', () => {
    useSessionStore.getState().signIn(loginAs('rina'));
    client.setQueryData(['admin', 'stats'], { pendingPayments: 3 });
    localStorage.setItem('token', 'token-from-another-tab');
    useSessionStore.getState().reload();
    expect(cached()).toBeUndefined();
  });

  it('aborts a request of the previous session so that its answer lands nowhere', async () => {
    useSessionStore.getState().signIn(loginAs('rina'));
    let signal: AbortSignal | undefined;
    const pending = client.fetchQuery({
      queryKey: ['membership', 'payments'],
      queryFn: (context) => {
        signal = context.signal;
        return new Promise<string[]>((resolve) => setTimeout(() => resolve(['rina’s payment']), 20));
      },
    });
    useSessionStore.getState().signIn(loginAs('budi'));
    expect(signal?.aborted).toBe(true);
    await pending.catch(() => undefined);
    expect(client.getQueryData(['membership', 'payments'])).toBeUndefined();
  });
});
