import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket as NetSocket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatEventPayload, ChatEventRecord, ChatMessage } from '@le/contracts';
import { freePort, latestCode, startRedisServer, tempDir, type RedisServerHandle, type TempDir } from '@le/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/main';
import { uniqueTag } from './unique';

/**
 * The scaled set-up for tests and benchmarks: a private redis-server, the API alone
 * (`pnpm start:api` in this process, events out through the Redis emitter) and standalone realtime
 * processes (`pnpm start:realtime` as child processes on free ports). Clients speak real HTTP and
 * real Socket.IO to them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const SCALE_ADMIN = { email: 'scale-admin@example.com', password: 'scale-admin-password' } as const;

export interface RealtimeProcess {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `pnpm start:realtime` as a child process; resolves once it listens. */
export const startRealtimeProcess = async (env: { REDIS_URL: string; JWT_SECRET: string; API_URL: string }): Promise<RealtimeProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), 'realtime'], {
    cwd: root,
    // The benchmark's clients all come from this one address.
    env: { ...process.env, MAX_SOCKETS_PER_ADDRESS: '1000000', MAX_SOCKETS_PER_USER: '1000000', ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`realtime process did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`realtime process exited with ${code}: ${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
};

export interface ScaledSet {
  redis: RedisServerHandle;
  api: RunningServer;
  apiUrl: string;
  realtime: RealtimeProcess[];
  secret: string;
  dir: TempDir;
  close(): Promise<void>;
}

export const startScaledSet = async (options: { realtimeProcesses?: number; redisExecutable?: string } = {}): Promise<ScaledSet> => {
  const redis = await startRedisServer(options.redisExecutable ?? 'redis-server');
  const dir = await tempDir('le-scale-');
  const secret = `scale-secret-${'x'.repeat(40)}`;
  const started: RealtimeProcess[] = [];
  let api: RunningServer | null = null;
  try {
    const config = loadConfig(
      {
        DATA_DIR: dir.path,
        PORT: '0',
        HOST: '127.0.0.1',
        REDIS_URL: redis.url,
        JWT_SECRET: secret,
        ADMIN_EMAIL: SCALE_ADMIN.email,
        ADMIN_PASSWORD: SCALE_ADMIN.password,
      },
      dir.path,
    );
    api = await startServer(config, 'api', { logger: false });
    const count = options.realtimeProcesses ?? 2;
    // The realtime processes confirm every signed-in handshake with this API (GET /api/auth/me).
    const apiUrl = api.url;
    const processes = await Promise.all(
      Array.from({ length: count }, () => startRealtimeProcess({ REDIS_URL: redis.url, JWT_SECRET: secret, API_URL: apiUrl })),
    );
    started.push(...processes);
  } catch (error) {
    await Promise.all(started.map((process) => process.stop()));
    await api?.close();
    await redis.stop();
    await dir.remove();
    throw error;
  }
  const running = api;
  return {
    redis,
    api: running,
    apiUrl: running.url,
    realtime: started,
    secret,
    dir,
    async close() {
      await Promise.all(started.map((process) => process.stop()));
      await running.close();
      await redis.stop();
      await dir.remove();
    },
  };
};

export interface FailoverProxy {
  url: string;
  /** Connections taken so far by each upstream, by port. */
  readonly served: Map<number, number>;
  /** While held, new connections are refused (an outage that lasts as long as a test needs). */
  hold(held: boolean): void;
  close(): Promise<void>;
}

/**
 * What nginx does in front of the realtime processes, at the TCP level: each new connection goes
 * to the first upstream that accepts it (the others when one is dead, as `proxy_next_upstream
 * error`), so a client whose process died reconnects to another through the same address.
 */
export const startFailoverProxy = async (upstreamPorts: number[]): Promise<FailoverProxy> => {
  const served = new Map<number, number>();
  const open = new Set<NetSocket>();
  let held = false;
  const track = (socket: NetSocket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    if (held) {
      client.destroy();
      return;
    }
    client.pause();
    const tryUpstream = (index: number) => {
      const port = upstreamPorts[index];
      if (port === undefined) {
        client.destroy();
        return;
      }
      const upstream = createConnection({ port, host: '127.0.0.1' });
      let connected = false;
      upstream.on('error', () => {
        if (connected) client.destroy();
        else tryUpstream(index + 1); // refused: this one is down, try the next
      });
      upstream.once('connect', () => {
        connected = true;
        track(upstream);
        served.set(port, (served.get(port) ?? 0) + 1);
        client.on('error', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryUpstream(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    hold(next) {
      held = next;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** A REST call to the API over real HTTP; throws with the body on an unexpected status. */
export const rest = async <T>(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; expect?: number[] } = {},
): Promise<T> => {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  if (!(options.expect ?? [200, 201, 204]).includes(response.status)) {
    throw new Error(`${method} ${url}: ${response.status} ${text}`);
  }
  return (text ? JSON.parse(text) : null) as T;
};

export interface Account {
  userId: string;
  token: string;
  sessionId: string;
  email: string;
  password: string;
}

export const login = async (set: ScaledSet, email: string, password: string): Promise<Account> => {
  const body = await rest<{ token: string; sessionId: string; user: { _id: string } }>(set.apiUrl, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  return { userId: body.user._id, token: body.token, sessionId: body.sessionId, email, password };
};

let accounts = 0;
/** Registers and verifies over HTTP, then grants a running paid membership (the payments issue's job). */
export const createMember = async (set: ScaledSet, label = 'member'): Promise<Account> => {
  accounts += 1;
  const username = `${label}${accounts}${uniqueTag()}`;
  const email = `${username}@example.com`;
  const password = 'correct horse 1';
  await rest(set.apiUrl, 'POST', '/api/auth/register', { body: { name: `Scale ${label}`, username, email, password } });
  const code = await latestCode(set.api.app.config.mailOutbox, email);
  await rest(set.apiUrl, 'POST', '/api/auth/verify-email', { body: { email, code } });
  const account = await login(set, email, password);
  await set.api.app.store.users.update(account.userId, {
    role: 'member',
    membershipTier: 'basic',
    membershipEnd: new Date(Date.now() + 30 * 24 * 60 * 60_000),
  });
  // A fresh session after the change, as a member signing in after approval would have.
  return login(set, email, password);
};

/** A message posted through the API: to the private chat `chatId`, or to the live room when null. */
export const postChat = (set: ScaledSet, account: Account, content: string, chatId: string | null) =>
  rest<{ message: ChatMessage }>(set.apiUrl, 'POST', '/api/chat', {
    token: account.token,
    body: chatId ? { content, type: 'private', chatId } : { content },
  }).then((body) => body.message);

/** Every `chat:event` the socket receives from now on, in order. */
export const collectEvents = (socket: Socket): ChatEventPayload[] => {
  const events: ChatEventPayload[] = [];
  socket.on('chat:event', (event: ChatEventPayload) => events.push(event));
  return events;
};

/** Opens a socket to one realtime process; resolves when connected. */
export const openSocket = (url: string, token?: string, options: { reconnection?: boolean } = {}): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(url, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
      forceNew: true,
      timeout: 10_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      if (!socket.active) {
        socket.close();
        reject(error);
      }
    });
  });

/**
 * What the web client does with chat events: per stream it keeps the last applied seq; an event
 * right after it is applied, an older one is a duplicate and dropped, a newer one means a gap and
 * the client reads `GET /api/chat/events?stream=&after=` forward before going on. Each event is
 * applied exactly once, in order.
 */
export class StreamMirror {
  readonly heads = new Map<string, number>();
  readonly messages = new Map<string, ChatMessage>();
  readonly applied: { stream: string; seq: number; type: string }[] = [];
  /** Every event the socket delivered, applied or not. */
  readonly delivered: ChatEventPayload[] = [];
  private catchingUp = new Map<string, Promise<void>>();

  constructor(
    private readonly apiUrl: string,
    private readonly token?: string,
  ) {}

  /** Starts following `stream` from `seq` (the head the REST view had). */
  follow(stream: string, seq = 0): void {
    if (!this.heads.has(stream)) this.heads.set(stream, seq);
  }

  /** Listens to the socket; on every (re)connect it reads each followed stream forward. */
  attach(socket: Socket): void {
    socket.on('chat:event', (event: ChatEventPayload) => {
      this.delivered.push(event);
      void this.receive(event);
    });
    const resync = () => {
      for (const stream of this.heads.keys()) void this.catchUp(stream);
    };
    socket.on('connect', resync);
    socket.on('chat:resync', resync);
  }

  async receive(event: ChatEventPayload): Promise<void> {
    const head = this.heads.get(event.stream);
    if (head === undefined) return; // a stream this client does not show
    await this.catchingUp.get(event.stream);
    const now = this.heads.get(event.stream)!;
    if (event.seq <= now) return;
    if (event.seq === now + 1) {
      this.apply(event);
      return;
    }
    await this.catchUp(event.stream);
  }

  /** Reads the stream forward from the last applied seq (after a reconnect or a gap). */
  catchUp(stream: string): Promise<void> {
    const running = this.catchingUp.get(stream);
    if (running) return running;
    const work = (async () => {
      for (;;) {
        const after = this.heads.get(stream) ?? 0;
        const page = await rest<{ events: ChatEventRecord[]; nextCursor: string | null }>(
          this.apiUrl,
          'GET',
          `/api/chat/events?stream=${encodeURIComponent(stream)}&after=${after}&limit=100`,
          { token: this.token },
        );
        for (const event of page.events) if (event.seq === (this.heads.get(stream) ?? 0) + 1) this.apply(event);
        if (page.nextCursor === null || page.events.length === 0) break;
      }
    })().finally(() => this.catchingUp.delete(stream));
    this.catchingUp.set(stream, work);
    return work;
  }

  private apply(event: ChatEventPayload | ChatEventRecord): void {
    this.heads.set(event.stream, event.seq);
    this.applied.push({ stream: event.stream, seq: event.seq, type: event.type });
    if (event.message) this.messages.set(event.message._id, event.message);
  }

  /** The messages of one stream as `restView` shows them (by id, deleted ones left out). */
  view(stream: string): MessageState[] {
    return comparable([...this.messages.values()].filter((message) => (message.chatId ?? 'global') === stream));
  }
}

export type MessageState = Pick<ChatMessage, '_id' | 'content' | 'hidden' | 'editedAt' | 'seq'>;

const comparable = (messages: ChatMessage[]): MessageState[] =>
  messages
    .filter((message) => !message.deleted)
    .sort((a, b) => (a._id < b._id ? -1 : 1))
    .map(({ _id, content, hidden, editedAt, seq }) => ({ _id, content, hidden, editedAt, seq }));

/** The REST view of a stream in the same shape as `StreamMirror.view`. */
export const restView = async (apiUrl: string, stream: string, token?: string) => {
  const url = stream === 'global' ? (token ? '/api/chat?limit=100' : '/api/chat/public?limit=100') : `/api/chat?chatId=${stream}&limit=100`;
  const page = await rest<{ messages: ChatMessage[] }>(apiUrl, 'GET', url, { token });
  return comparable(page.messages);
};

/** Waits until `check` passes (or throws its last error after `timeoutMs`). */
export const eventually = async <T>(check: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};
