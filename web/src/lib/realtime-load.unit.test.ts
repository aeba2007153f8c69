// @vitest-environment jsdom
import { REALTIME_CLIENT_OPTIONS, REALTIME_TEXT } from '@le/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedSocket, opened, sockets } from '@/lib/test-socket';

// socket.io-client comes as a chunk of its own, fetched when the module loads and again by an opening
// if that failed; here both of those fail (a dropped connection).
const fetches = vi.hoisted(() => ({ failing: 2 }));
vi.mock('socket.io-client', async () => {
  if (fetches.failing > 0) {
    fetches.failing -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return { io: (await import('@/lib/test-socket')).fakeIo };
});

const { acquireRealtime, useRealtimeStore } = await import('./realtime-client');

describe('the realtime client while socket.io-client is fetched', () => {
  afterEach(() => {
    sockets.splice(0);
    opened.mockClear();
    vi.useRealTimers();
  });

  it('a fetch that failed is told as a lost connection and tried again; the socket then opens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const release = acquireRealtime();
    await vi.waitFor(() => expect(useRealtimeStore.getState()).toMatchObject({ status: 'disconnected', reason: REALTIME_TEXT.transportClose }));
    expect(opened).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REALTIME_CLIENT_OPTIONS.reconnectionDelayMax);
    vi.useRealTimers();
    const socket = await openedSocket();
    socket.emit('connect');
    expect(useRealtimeStore.getState()).toMatchObject({ status: 'connected', reason: null });
    release();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });

  it('a connection let go before the client arrived opens nothing; held again, it opens once', async () => {
    acquireRealtime()();
    expect(useRealtimeStore.getState().status).toBe('idle');
    const release = acquireRealtime();
    await openedSocket();
    // a tick more: the opening that was let go still opened nothing
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).toHaveBeenCalledTimes(1);
    release();
  });
});
