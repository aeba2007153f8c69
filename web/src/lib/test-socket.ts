/** For tests of code on the realtime client: a socket.io-client stand-in the test drives. */
import { EventEmitter } from 'node:events';
import { vi, type Mock } from 'vitest';

/** A socket.io-client socket as the realtime client uses it, driven by the test (`emit` plays the server). */
export class FakeSocket extends EventEmitter {
  active = true;
  connected = false;
  connect: Mock = vi.fn();
  disconnect: Mock = vi.fn();
}

/** Every socket `io()` made, newest last (a test empties it between cases). */
export const sockets: FakeSocket[] = [];
/** Called once per `io()`: how many connections the code opened. */
export const opened: Mock = vi.fn();

/**
 * socket.io-client's `io`, for the module mock (vi.mock factories run before imports):
 * `vi.mock('socket.io-client', async () => ({ io: (await import('@/lib/test-socket')).fakeIo }))`.
 */
export const fakeIo = (): FakeSocket => {
  opened();
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
};

/**
 * The socket that the newest opening made, once made: the realtime client fetches socket.io-client
 * (here the stand-in) as a chunk of its own, so the socket comes a few ticks after `acquireRealtime`.
 */
export const openedSocket = async (count = 1): Promise<FakeSocket> => {
  await vi.waitFor(() => {
    if (sockets.length < count) throw new Error(`${sockets.length} of ${count} sockets opened`);
  });
  return sockets.at(-1)!;
};

