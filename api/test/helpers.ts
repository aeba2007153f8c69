import type { FastifyInstance, InjectOptions } from 'fastify';
import { latestCode, tempDir } from '@le/testing';
import { loadConfig, type Config } from '../src/config';
import { createMailer } from '../src/plugins/app/mailer';
import { buildServer } from '../src/server';
import { ensureAdmin } from '../src/services/bootstrap-admin';
import { newId } from '../src/lib/ids';
import { hashPassword } from '../src/lib/passwords';
import { createStore, newUserRecord, type Store } from '../src/store';
import { uniqueTag } from './support/unique';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' } as const;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  store: Store;
  dataDir: string;
  close(): Promise<void>;
}

/** The real server on a fresh DATA_DIR, spoken to through inject. */
export const createTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  const dir = await tempDir();
  const config = loadConfig(
    { DATA_DIR: dir.path, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    dir.path,
  );
  const store = await createStore(config);
  const app = await buildServer({
    config,
    store,
    mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outbox: config.mailOutbox }),
    logger: false,
  });
  await ensureAdmin(store, { email: config.adminEmail, password: config.adminPassword }, app.log);
  await app.ready();
  return {
    app,
    config,
    store,
    dataDir: dir.path,
    async close() {
      await app.close();
      await store.close();
      await dir.remove();
    },
  };
};

let ipCounter = 0;
/** Each simulated client gets its own address so that per-IP limits do not couple tests. */
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const call = (app: FastifyInstance, options: InjectOptions & { token?: string; ip?: string }) => {
  const { token, ip, headers, ...rest } = options;
  return app.inject({
    remoteAddress: ip ?? nextIp(),
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

let userCounter = 0;
export const newUserInput = (label = 'user') => {
  userCounter += 1;
  const id = `${label}${userCounter}${uniqueTag()}`;
  return { name: `Test ${label} ${userCounter}`, username: id, email: `${id}@example.com`, password: 'correct horse 1' };
};

export interface SignedInUser {
  email: string;
  username: string;
  password: string;
  token: string;
  sessionId: string;
  userId: string;
}

/** Register, verify with the mailed code, sign in. */
export const signUp = async (t: TestApp, label = 'user'): Promise<SignedInUser> => {
  const input = newUserInput(label);
  const ip = nextIp();
  const registered = await call(t.app, { method: 'POST', url: '/api/auth/register', payload: input, ip });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const code = await latestCode(t.config.mailOutbox, input.email);
  const verified = await call(t.app, { method: 'POST', url: '/api/auth/verify-email', payload: { email: input.email, code }, ip });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  // The verification opened a session (the code proved the address); the suites start from one
  // session made by signing in, so that one is ended.
  const opened = verified.json<{ token?: string }>().token;
  if (opened) await call(t.app, { method: 'POST', url: '/api/auth/logout', token: opened, ip });
  return signIn(t, input.email, input.password, input.username);
};

export const signIn = async (t: TestApp, email: string, password: string, username = ''): Promise<SignedInUser> => {
  const response = await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; sessionId: string; user: { _id: string; username: string } }>();
  return {
    email,
    username: username || body.user.username,
    password,
    token: body.token,
    sessionId: body.sessionId,
    userId: body.user._id,
  };
};

/**
 * A verified account written straight into the store, with no sign-up: its address has had no
 * mail, so no per-address cooldown runs for it (the resend tests need such an address).
 */
export const verifiedInStore = async (t: TestApp, label = 'stored'): Promise<{ email: string; password: string; userId: string }> => {
  const input = newUserInput(label);
  const user = await t.store.users.create(
    newUserRecord({
      _id: newId(),
      name: input.name,
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      emailVerified: true,
      role: 'trial',
      membershipTier: 'trial',
    }),
  );
  return { email: input.email, password: input.password, userId: user._id };
};
