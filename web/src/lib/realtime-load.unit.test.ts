// @vitest-environment jsdom
import { REALTIME_CLIENT_OPTIONS, REALTIME_TEXT } from '@le/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedSocket, opened, sockets } from '@/lib/test-socket';

// socket.io-client comes as a chunk of its own, fetched when the module loads and again by an opening
// if that failed; here every fetch fails (a dropped connection) until a test says otherwise.
const fetches = vi.hoisted(() => ({ failing: Infinity, tries: 0 }));
vi.mock('socket.io-client', async () => {
  fetches.tries += 1;
  if (fetches.failing > 0) {
    fetches.failing -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return { io: (await import('@/lib/test-socket')).fakeIo };
});

const { IO_FETCH_RETRIES, acquireRealtime, useRealtimeStore } = await import('./realtime-client');

describe('the realtime client while socket.io-client is fetched', () => {
  afterEach(() => {
    sockets.splice(0);
    opened.mockClear();
    vi.useRealTimers();
  });

  it('fetches it again a few times at most, then stays disconnected (the screens poll) until held again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const before = fetches.tries;
    const release = acquireRealtime();
    for (let retry = 0; retry <= IO_FETCH_RETRIES + 2; retry += 1) {
      await vi.waitFor(() => expect(useRealtimeStore.getState().status).toBe('disconnected'));
      vi.advanceTimersByTime(REALTIME_CLIENT_OPTIONS.reconnectionDelayMax);
    }
    await vi.waitFor(() => expect(fetches.tries - before).toBe(IO_FETCH_RETRIES + 1));
    expect(opened).not.toHaveBeenCalled();
    release();
    // the next opening fails once more, then its retry finds the client
    fetches.failing = 1;
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
