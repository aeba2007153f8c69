/**
 * The clients of `pnpm bench`, in their own process so that the server's event loop and theirs do
 * not share a thread. Driven by IPC from bench/index.ts: connect N guest sockets spread over the
 * given realtime URLs (guests, or signed in with the given tokens in turn), then report, per marker,
 * when each socket received the `chat:event` whose message content is that marker, or the
 * `signal:event` of that seq (marker `signal-<seq>`). Times are wall-clock milliseconds with sub-ms precision
 * (`performance.timeOrigin + performance.now()`), comparable between the two processes.
 */
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';

type Command =
  | { type: 'connect'; urls: string[]; count: number; tokens?: (string | null)[] }
  | { type: 'collect'; marker: string; sentAt: number; timeoutMs: number }
  | { type: 'close' };

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
const receipts = new Map<string, number[]>();
const waiters = new Map<string, () => void>();

const send = (message: unknown) => process.send!(message);

const receive = (marker: string) => {
  const times = receipts.get(marker) ?? [];
  times.push(now());
  receipts.set(marker, times);
  if (times.length === sockets.length) waiters.get(marker)?.();
};

const open = (url: string, token: string | null): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 20_000 });
    socket.on('chat:event', (event: { message?: { content?: string } }) => {
      const marker = event.message?.content;
      if (marker?.startsWith('bench-')) receive(marker);
    });
    // Signals are told apart by their seq: every socket gets each one once, in its own view.
    socket.on('signal:event', (event: { seq: number }) => receive(`signal-${event.seq}`));
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

process.on('message', async (command: Command) => {
  if (command.type === 'connect') {
    for (let i = 0; i < command.count; i += 50) {
      const tokens = command.tokens ?? [null];
      const batch = Array.from({ length: Math.min(50, command.count - i) }, (_, j) =>
        open(command.urls[(i + j) % command.urls.length]!, tokens[(i + j) % tokens.length]!),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    send({ type: 'connected', count: sockets.length });
  } else if (command.type === 'collect') {
    const done = new Promise<void>((resolve) => {
      if ((receipts.get(command.marker)?.length ?? 0) >= sockets.length) resolve();
      waiters.set(command.marker, resolve);
      setTimeout(resolve, command.timeoutMs);
    });
    await done;
    waiters.delete(command.marker);
    const times = receipts.get(command.marker) ?? [];
    receipts.delete(command.marker);
    send({ type: 'collected', marker: command.marker, latencies: times.map((time) => time - command.sentAt), expected: sockets.length });
  } else {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
send({ type: 'ready' });
