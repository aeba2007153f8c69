import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './ports';

export interface RedisServerHandle {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (a restart mid-test). */
  restart(): Promise<void>;
}

const waitForPort = async (port: number, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A private redis-server for one suite: a free port, no persistence, stopped by the suite. */
export const startRedisServer = async (executable = 'redis-server'): Promise<RedisServerHandle> => {
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(executable, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port, 10_000);
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      await stop();
      await start();
    },
  };
};
