import { createECDH, randomBytes } from 'node:crypto';
/**
 * The contract's safety net (contract §4 and §5): every endpoint once, with the role it is meant
 * for, asserting the status and the exact top-level keys of the body. Outside clients rely on
 * these; a change here is a change of the contract.
 */
import { waitForCode } from '@le/testing';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, newUserInput, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makeJpeg, multipart } from './multipart';
import { app as appPlugin } from '../src/app';
import { createMailer } from '../src/plugins/app/mailer';

/** `fresh`: the account signed up by the rows themselves, a trial. */
type Role = 'guest' | 'fresh' | 'trial' | 'member' | 'admin';

interface Ctx {
  t: TestApp;
  users: Record<'trial' | 'member' | 'admin', SignedInUser>;
  fresh: ReturnType<typeof newUserInput>;
  jpeg: Buffer;
  saved: Record<string, string>;
}

interface Row {
  /** `METHOD /path` as the contract writes it. */
  call: string;
  as: Role;
  url: (c: Ctx) => string;
  json?: (c: Ctx) => unknown;
  form?: (c: Ctx) => ReturnType<typeof multipart>;
  raw?: { body: string; type: string };
  status: number;
  /** The exact top-level keys of the body; null: no body (204) or not JSON (a file). */
  keys: string[] | null;
  /** Keeps ids for later rows. */
  save?: (body: Record<string, unknown>, c: Ctx) => void;
  /** Runs before the call (e.g. waits for a mailed code). */
  before?: (c: Ctx) => Promise<void>;
}

const id = (value: unknown): string => (value as { _id: string })._id;
const code = (c: Ctx, email: string, subject?: RegExp) => waitForCode(c.t.config.mailOutbox, email, { subject });
const photo = (field: string) => (c: Ctx) => multipart([imageFile(field, c.jpeg)]);
const proof = (tier: string) => (c: Ctx) =>
  multipart([{ name: 'membershipTier', value: tier }, { name: 'duration', value: 'monthly' }, imageFile('paymentProof', c.jpeg)]);
const fileId = (url: string): string => url.split('/').pop()!;

/** A browser's subscription as the Push API gives it: a real P-256 key, an endpoint on this machine that nothing answers. */
const PUSH_SUBSCRIPTION = {
  endpoint: 'http://127.0.0.1:9/push/contract-walk',
  keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
};

const rows: Row[] = [
  // ---- §1 health
  { call: 'GET /health', as: 'guest', url: () => '/api/health', status: 200, keys: ['checks', 'realtime', 'status', 'store'] },

  // ---- §5 sign-up and sign-in
  { call: 'POST /auth/register', as: 'guest', url: () => '/api/auth/register', json: (c) => c.fresh, status: 201, keys: ['message'] },
  {
    call: 'POST /auth/resend-code (inside the cooldown)',
    as: 'guest',
    url: () => '/api/auth/resend-code',
    json: (c) => ({ email: c.fresh.email, purpose: 'verify' }),
    status: 429,
    keys: ['code', 'message'],
  },
  {
    call: 'POST /auth/resend-code (unknown email)',
    as: 'guest',
    url: () => '/api/auth/resend-code',
    json: () => ({ email: 'nobody-here@example.com', purpose: 'verify' }),
    status: 200,
    keys: ['message'],
  },
  {
    call: 'POST /auth/verify-email',
    as: 'guest',
    url: () => '/api/auth/verify-email',
    before: async (c) => {
      c.saved.verifyCode = await code(c, c.fresh.email);
    },
    json: (c) => ({ email: c.fresh.email, code: c.saved.verifyCode }),
    status: 200,
    // The contract's message, and the session the proved address opens.
    keys: ['message', 'sessionId', 'token', 'user'],
  },
  {
    call: 'POST /auth/login (bad password)',
    as: 'guest',
    url: () => '/api/auth/login',
    json: (c) => ({ email: c.fresh.email, password: 'not the password' }),
    status: 401,
    keys: ['code', 'message'],
  },
  {
    call: 'POST /auth/forgot-password',
    as: 'guest',
    url: () => '/api/auth/forgot-password',
    json: (c) => ({ email: c.fresh.email }),
    status: 200,
    keys: ['message'],
  },
  {
    call: 'POST /auth/forgot-password (unknown email, same answer)',
    as: 'guest',
    url: () => '/api/auth/forgot-password',
    json: () => ({ email: 'nobody-here@example.com' }),
    status: 200,
    keys: ['message'],
  },
  {
    call: 'POST /auth/reset-password',
    as: 'guest',
    url: () => '/api/auth/reset-password',
    before: async (c) => {
      c.saved.resetCode = await code(c, c.fresh.email, /reset/i);
    },
    json: (c) => ({ email: c.fresh.email, code: c.saved.resetCode, newPassword: 'a brand new password' }),
    status: 200,
    keys: ['message'],
  },

  {
    call: 'POST /auth/login (the username, the new password)',
    as: 'guest',
    url: () => '/api/auth/login',
    json: (c) => ({ email: c.fresh.username, password: 'a brand new password' }),
    status: 200,
    keys: ['sessionId', 'token', 'user'],
    save: (body, c) => {
      c.saved.freshToken = body.token as string;
    },
  },

  // ---- §4 the signed-in session
  { call: 'GET /auth/me', as: 'member', url: () => '/api/auth/me', status: 200, keys: ['user'] },
  { call: 'GET /auth/me (no token)', as: 'guest', url: () => '/api/auth/me', status: 401, keys: ['code', 'message'] },
  {
    call: 'PUT /auth/update-profile',
    as: 'trial',
    url: () => '/api/auth/update-profile',
    json: () => ({ name: 'Trial Person', city: 'Bandung', country: 'Indonesia', no_telp: '+62 812 0000 0000' }),
    status: 200,
    keys: ['message', 'user'],
  },
  {
    call: 'PUT /auth/update-profile (a new email: a code goes to it)',
    as: 'fresh',
    url: () => '/api/auth/update-profile',
    // the rows above reset the fresh account's password to this one
    json: (c) => ({ email: `new-${c.fresh.email}`, currentPassword: 'a brand new password' }),
    status: 200,
    keys: ['message', 'pendingEmail', 'user'],
  },
  {
    call: 'POST /auth/confirm-email-change',
    as: 'fresh',
    url: () => '/api/auth/confirm-email-change',
    before: async (c) => {
      c.saved.changeCode = await code(c, `new-${c.fresh.email}`);
    },
    json: (c) => ({ code: c.saved.changeCode }),
    status: 200,
    keys: ['message', 'user'],
  },
  {
    call: 'POST /auth/upload-profile',
    as: 'trial',
    url: () => '/api/auth/upload-profile',
    form: photo('photo_profile'),
    status: 200,
    keys: ['file', 'message', 'user'],
    save: (body, c) => {
      c.saved.publicFile = fileId(body.file as string);
    },
  },
  {
    call: 'POST /auth/upload-identitas',
    as: 'trial',
    url: () => '/api/auth/upload-identitas',
    form: photo('image_identitas'),
    status: 200,
    keys: ['file', 'message', 'user'],
    save: (body, c) => {
      c.saved.privateFile = fileId(body.file as string);
    },
  },
  { call: 'GET /files/:id (public)', as: 'guest', url: (c) => `/api/files/${c.saved.publicFile}`, status: 200, keys: null },
  { call: 'GET /files/private/:id (owner)', as: 'trial', url: (c) => `/api/files/private/${c.saved.privateFile}`, status: 200, keys: null },
  { call: 'GET /files/private/:id (admin)', as: 'admin', url: (c) => `/api/files/private/${c.saved.privateFile}`, status: 200, keys: null },
  { call: 'GET /files/private/:id (another user)', as: 'member', url: (c) => `/api/files/private/${c.saved.privateFile}`, status: 403, keys: ['code', 'message'] },
  { call: 'GET /files/:id (a private file by the public path)', as: 'guest', url: (c) => `/api/files/${c.saved.privateFile}`, status: 404, keys: ['code', 'message'] },
  {
    call: 'POST /auth/heartbeat',
    as: 'member',
    url: () => '/api/auth/heartbeat',
    json: (c) => ({ sessionId: c.users.member.sessionId }),
    status: 204,
    keys: null,
  },
  {
    call: 'POST /auth/session/end (beacon, text body)',
    as: 'guest',
    url: () => '/api/auth/session/end',
    raw: { body: JSON.stringify({ sessionId: '0123456789abcdef01234567' }), type: 'text/plain;charset=UTF-8' },
    status: 204,
    keys: null,
  },
  {
    call: 'POST /auth/log-activity (guest)',
    as: 'guest',
    url: () => '/api/auth/log-activity',
    json: () => ({ ipAddress: 'Unknown', username: 'guest', role: 'guest', page: '/history', message: 'Visited /history page' }),
    status: 201,
    keys: ['message'],
  },
  {
    call: 'POST /auth/log-activity (member)',
    as: 'member',
    url: () => '/api/auth/log-activity',
    json: () => ({ ipAddress: '203.0.113.9', page: '/live', message: 'Visited /live page' }),
    status: 201,
    keys: ['message'],
  },
  { call: 'GET /auth/log-activity (admin)', as: 'admin', url: () => '/api/auth/log-activity', status: 200, keys: ['logs', 'nextCursor'] },
  { call: 'GET /auth/log-activity (member)', as: 'member', url: () => '/api/auth/log-activity', status: 403, keys: ['code', 'message'] },

  // ---- §5 payments and the admin console
  { call: 'POST /payments', as: 'trial', url: () => '/api/payments', form: proof('pro'), status: 201, keys: ['payment'], save: (body, c) => void (c.saved.payment1 = id(body.payment)) },
  { call: 'POST /payments (a second pending one)', as: 'trial', url: () => '/api/payments', form: proof('pro'), status: 409, keys: ['code', 'message'] },
  { call: 'POST /payments (admin)', as: 'admin', url: () => '/api/payments', form: proof('pro'), status: 403, keys: ['code', 'message'] },
  { call: 'GET /auth/payment-history', as: 'trial', url: () => '/api/auth/payment-history', status: 200, keys: ['payments'] },
  { call: 'GET /admin/payments?status=pending', as: 'admin', url: () => '/api/admin/payments?status=pending', status: 200, keys: ['nextCursor', 'payments'] },
  { call: 'GET /admin/payments (member)', as: 'member', url: () => '/api/admin/payments', status: 403, keys: ['code', 'message'] },
  {
    call: 'POST /admin/payments/:id/reject',
    as: 'admin',
    url: (c) => `/api/admin/payments/${c.saved.payment1}/reject`,
    json: () => ({ reason: 'The transfer is not on the statement.' }),
    status: 200,
    keys: ['payment'],
  },
  { call: 'POST /payments (again, after a rejection)', as: 'trial', url: () => '/api/payments', form: proof('basic'), status: 201, keys: ['payment'], save: (body, c) => void (c.saved.payment2 = id(body.payment)) },
  { call: 'POST /admin/payments/:id/approve', as: 'admin', url: (c) => `/api/admin/payments/${c.saved.payment2}/approve`, json: () => ({}), status: 200, keys: ['payment', 'user'] },
  { call: 'POST /admin/payments/:id/approve (decided already)', as: 'admin', url: (c) => `/api/admin/payments/${c.saved.payment2}/approve`, json: () => ({}), status: 409, keys: ['code', 'message'] },
  { call: 'GET /admin/members?q=&role=&tier=', as: 'admin', url: () => '/api/admin/members?q=test&role=member&tier=pro', status: 200, keys: ['members', 'nextCursor'] },
  {
    call: 'PATCH /admin/members/:id',
    as: 'admin',
    url: (c) => `/api/admin/members/${c.users.trial.userId}`,
    json: () => ({ membershipTier: 'expert', duration: 'yearly' }),
    status: 200,
    keys: ['user'],
  },
  {
    call: 'GET /admin/stats',
    as: 'admin',
    url: () => '/api/admin/stats',
    status: 200,
    keys: ['membersByTier', 'messagesToday', 'onlineUsers', 'pendingPayments', 'renewalsDue', 'revenueByMonth', 'trialsEndingSoon'],
  },
  { call: 'GET /admin/stats (guest)', as: 'guest', url: () => '/api/admin/stats', status: 401, keys: ['code', 'message'] },

  // ---- §8 signals
  {
    call: 'POST /signals',
    as: 'admin',
    url: () => '/api/signals',
    json: () => ({ side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390, 2400], analysis: 'Contract row' }),
    status: 201,
    keys: ['signal'],
    save: (body, c) => {
      c.saved.signal = id(body.signal);
    },
  },
  { call: 'POST /signals (member)', as: 'member', url: () => '/api/signals', json: () => ({ side: 'sell', entry: 2380, stopLoss: 2390, takeProfits: [2370] }), status: 403, keys: ['code', 'message'] },
  { call: 'POST /signals (bad levels)', as: 'admin', url: () => '/api/signals', json: () => ({ side: 'sell', entry: 2380, stopLoss: 2370, takeProfits: [2390] }), status: 400, keys: ['code', 'message'] },
  { call: 'GET /signals?status=open&limit=', as: 'guest', url: () => '/api/signals?status=open&limit=5', status: 200, keys: ['nextCursor', 'signals'] },
  { call: 'GET /signals/:id', as: 'guest', url: (c) => `/api/signals/${c.saved.signal}`, status: 200, keys: ['events', 'signal'] },
  { call: 'GET /signals/events?after=', as: 'guest', url: () => '/api/signals/events?after=0', status: 200, keys: ['events'] },
  { call: 'GET /signals/ledger', as: 'guest', url: () => '/api/signals/ledger?after=0&limit=10', status: 200, keys: ['entries', 'head'] },
  { call: 'GET /signals/ledger/checkpoints', as: 'guest', url: () => '/api/signals/ledger/checkpoints', status: 200, keys: ['checkpoints'] },

  // ---- §14 notifications outside the tab
  { call: 'GET /push/public-key', as: 'guest', url: () => '/api/push/public-key', status: 200, keys: ['publicKey'] },
  {
    call: 'POST /push/subscriptions',
    as: 'member',
    url: () => '/api/push/subscriptions',
    json: () => PUSH_SUBSCRIPTION,
    status: 201,
    keys: ['subscription'],
    save: (body, c) => {
      c.saved.push = (body.subscription as { _id: string })._id;
    },
  },
  { call: 'POST /push/subscriptions (not a URL)', as: 'member', url: () => '/api/push/subscriptions', json: () => ({ ...PUSH_SUBSCRIPTION, endpoint: 'nowhere' }), status: 400, keys: ['code', 'message'] },
  { call: 'GET /push/subscriptions', as: 'member', url: () => '/api/push/subscriptions', status: 200, keys: ['subscriptions'] },
  { call: 'GET /push/subscriptions (guest)', as: 'guest', url: () => '/api/push/subscriptions', status: 401, keys: ['code', 'message'] },
  { call: 'POST /push/test', as: 'member', url: () => '/api/push/test', status: 202, keys: null },
  { call: 'GET /notifications/preferences', as: 'member', url: () => '/api/notifications/preferences', status: 200, keys: ['preferences'] },
  { call: 'PUT /notifications/preferences', as: 'member', url: () => '/api/notifications/preferences', json: () => ({ signalOpened: false }), status: 200, keys: ['preferences'] },
  { call: 'PUT /notifications/preferences (not a switch)', as: 'member', url: () => '/api/notifications/preferences', json: () => ({ signalOpened: 'yes' }), status: 400, keys: ['code', 'message'] },
  { call: 'DELETE /push/subscriptions/:id', as: 'member', url: (c) => `/api/push/subscriptions/${c.saved.push}`, status: 204, keys: null },
  { call: 'DELETE /push/subscriptions', as: 'member', url: () => '/api/push/subscriptions', json: () => ({ endpoint: PUSH_SUBSCRIPTION.endpoint }), status: 204, keys: null },
  { call: 'PATCH /signals/:id', as: 'admin', url: (c) => `/api/signals/${c.saved.signal}`, json: () => ({ stopLoss: 2375 }), status: 200, keys: ['signal'] },
  { call: 'POST /signals/:id/close', as: 'admin', url: (c) => `/api/signals/${c.saved.signal}/close`, json: () => ({ exitPrice: 2390 }), status: 200, keys: ['signal'] },
  { call: 'PATCH /signals/:id (closed)', as: 'admin', url: (c) => `/api/signals/${c.saved.signal}`, json: () => ({ stopLoss: 2371 }), status: 409, keys: ['code', 'message'] },
  { call: 'POST /signals/:id/cancel (closed)', as: 'admin', url: (c) => `/api/signals/${c.saved.signal}/cancel`, status: 409, keys: ['code', 'message'] },
  {
    call: 'GET /signals/stats',
    as: 'guest',
    url: () => '/api/signals/stats',
    status: 200,
    keys: ['averageHoldMinutes', 'averageR', 'breakeven', 'byAuthor', 'byMonth', 'cancelled', 'closed', 'curve', 'expectancy', 'longestLosingStreak', 'losses', 'maxDrawdown', 'pips', 'profitFactor', 'winRate', 'winRateInterval', 'wins'],
  },
  {
    call: 'POST /signals (to cancel)',
    as: 'admin',
    url: () => '/api/signals',
    json: () => ({ side: 'sell', entry: 2380, stopLoss: 2390, takeProfits: [2370] }),
    status: 201,
    keys: ['signal'],
    save: (body, c) => {
      c.saved.signal2 = id(body.signal);
    },
  },
  { call: 'POST /signals/:id/cancel', as: 'admin', url: (c) => `/api/signals/${c.saved.signal2}/cancel`, status: 200, keys: ['signal'] },

  // ---- §4/§5 history
  {
    call: 'POST /history (admin, multipart)',
    as: 'admin',
    url: () => '/api/history',
    form: (c) => multipart([{ name: 'title', value: 'XAU/USD weekly' }, { name: 'description', value: 'A clean run.' }, imageFile('image', c.jpeg)]),
    status: 201,
    keys: ['entry'],
    save: (body, c) => void (c.saved.entry = id(body.entry)),
  },
  { call: 'POST /history (member)', as: 'member', url: () => '/api/history', form: (c) => multipart([{ name: 'title', value: 'x' }, { name: 'description', value: 'y' }, imageFile('image', c.jpeg)]), status: 403, keys: ['code', 'message'] },
  { call: 'GET /history', as: 'guest', url: () => '/api/history', status: 200, keys: ['history', 'nextCursor'] },
  { call: 'PUT /history/:id (admin)', as: 'admin', url: (c) => `/api/history/${c.saved.entry}`, json: () => ({ title: 'XAU/USD, week 2' }), status: 200, keys: ['entry'] },
  { call: 'DELETE /history/:id (admin)', as: 'admin', url: (c) => `/api/history/${c.saved.entry}`, status: 204, keys: null },
  { call: 'DELETE /history/:id (gone)', as: 'admin', url: (c) => `/api/history/${c.saved.entry}`, status: 404, keys: ['code', 'message'] },

  // ---- §4 chat
  { call: 'POST /chat (global)', as: 'member', url: () => '/api/chat', json: () => ({ content: 'Buy at 2300?', type: 'global', clientId: 'contract-1' }), status: 201, keys: ['message'], save: (body, c) => void (c.saved.global = id(body.message)) },
  { call: 'POST /chat (the same clientId: the first message)', as: 'member', url: () => '/api/chat', json: () => ({ content: 'Buy at 2300?', type: 'global', clientId: 'contract-1' }), status: 201, keys: ['message'] },
  { call: 'POST /chat (reply)', as: 'admin', url: () => '/api/chat', json: (c) => ({ content: 'Wait for the close.', type: 'global', replyTo: c.saved.global }), status: 201, keys: ['message'] },
  { call: 'POST /chat (trial)', as: 'fresh', url: () => '/api/chat', json: () => ({ content: 'hi', type: 'global' }), status: 403, keys: ['code', 'message'] },
  { call: 'GET /chat/public', as: 'guest', url: () => '/api/chat/public', status: 200, keys: ['messages', 'nextCursor', 'room'] },
  { call: 'GET /chat', as: 'member', url: () => '/api/chat', status: 200, keys: ['messages', 'nextCursor', 'room'] },
  { call: 'GET /chat (guest)', as: 'guest', url: () => '/api/chat', status: 401, keys: ['code', 'message'] },
  { call: 'PATCH /chat/:messageId', as: 'member', url: (c) => `/api/chat/${c.saved.global}`, json: () => ({ content: 'Buy at 2310?' }), status: 200, keys: ['message'] },
  { call: 'PATCH /chat/:id/hide', as: 'admin', url: (c) => `/api/chat/${c.saved.global}/hide`, json: () => ({ context: 'global' }), status: 200, keys: ['message'] },
  { call: 'PATCH /chat/:id/hide (member)', as: 'member', url: (c) => `/api/chat/${c.saved.global}/hide`, json: () => ({ context: 'global' }), status: 403, keys: ['code', 'message'] },
  { call: 'GET /chat/events?stream=global', as: 'guest', url: () => '/api/chat/events?stream=global&after=0', status: 200, keys: ['events', 'nextCursor'] },
  { call: 'GET /chat/with-admin (before the first POST)', as: 'member', url: () => '/api/chat/with-admin', status: 200, keys: ['admins', 'chat', 'messages', 'nextCursor'] },
  { call: 'POST /chat/with-admin', as: 'member', url: () => '/api/chat/with-admin', status: 201, keys: ['chat'], save: (body, c) => void (c.saved.chat = id(body.chat)) },
  { call: 'POST /chat/with-admin (again)', as: 'member', url: () => '/api/chat/with-admin', status: 200, keys: ['chat'] },
  { call: 'POST /chat/with-admin (admin)', as: 'admin', url: () => '/api/chat/with-admin', status: 403, keys: ['code', 'message'] },
  { call: 'POST /chat (private, member side)', as: 'member', url: () => '/api/chat', json: (c) => ({ content: 'Hello admin', chatId: c.saved.chat, type: 'private' }), status: 201, keys: ['message'], save: (body, c) => void (c.saved.private = id(body.message)) },
  { call: 'POST /chat (private, admin side)', as: 'admin', url: () => '/api/chat', json: (c) => ({ content: 'Hello member', chatId: c.saved.chat }), status: 201, keys: ['message'] },
  { call: 'GET /chat?chatId=', as: 'admin', url: (c) => `/api/chat?chatId=${c.saved.chat}`, status: 200, keys: ['messages', 'nextCursor'] },
  { call: 'GET /chat?chatId= (another user)', as: 'fresh', url: (c) => `/api/chat?chatId=${c.saved.chat}`, status: 403, keys: ['code', 'message'] },
  { call: 'GET /chat/with-admin', as: 'member', url: () => '/api/chat/with-admin', status: 200, keys: ['admins', 'chat', 'messages', 'nextCursor'] },
  { call: 'GET /chat/admin/chats', as: 'admin', url: () => '/api/chat/admin/chats', status: 200, keys: ['chats'] },
  { call: 'GET /chat/admin/chats (member)', as: 'member', url: () => '/api/chat/admin/chats', status: 403, keys: ['code', 'message'] },
  { call: 'GET /chat/user/chats', as: 'member', url: () => '/api/chat/user/chats', status: 200, keys: ['chats'] },
  { call: 'POST /chat/:chatId/read', as: 'member', url: (c) => `/api/chat/${c.saved.chat}/read`, status: 204, keys: null },
  { call: 'GET /chat/events?stream=<chatId>', as: 'member', url: (c) => `/api/chat/events?stream=${c.saved.chat}`, status: 200, keys: ['events', 'nextCursor'] },
  { call: 'GET /chat/events?stream=<chatId> (guest)', as: 'guest', url: (c) => `/api/chat/events?stream=${c.saved.chat}`, status: 401, keys: ['code', 'message'] },
  { call: 'DELETE /chat/:messageId', as: 'member', url: (c) => `/api/chat/${c.saved.private}`, status: 204, keys: null },
  { call: 'DELETE /chat/:messageId (gone)', as: 'member', url: (c) => `/api/chat/${c.saved.private}`, status: 404, keys: ['code', 'message'] },

  // ---- §13 moderation of the live room
  { call: 'POST /chat (to report)', as: 'admin', url: () => '/api/chat', json: () => ({ content: 'Reported in the walk' }), status: 201, keys: ['message'], save: (body, c) => void (c.saved.reported = id(body.message)) },
  { call: 'POST /chat/:messageId/report', as: 'member', url: (c) => `/api/chat/${c.saved.reported}/report`, json: () => ({ reason: 'A test report' }), status: 201, keys: ['report'] },
  { call: 'POST /chat/:messageId/report (again)', as: 'member', url: (c) => `/api/chat/${c.saved.reported}/report`, json: () => ({ reason: 'Again' }), status: 409, keys: ['code', 'message'] },
  { call: 'POST /chat/:messageId/report (own message)', as: 'admin', url: (c) => `/api/chat/${c.saved.reported}/report`, json: () => ({ reason: 'Mine' }), status: 403, keys: ['code', 'message'] },
  {
    call: 'GET /moderation/reports?status=open',
    as: 'admin',
    url: () => '/api/moderation/reports?status=open',
    status: 200,
    keys: ['nextCursor', 'openCount', 'reports'],
    save: (body, c) => void (c.saved.report = id((body.reports as unknown[])[0])),
  },
  { call: 'GET /moderation/reports (member)', as: 'member', url: () => '/api/moderation/reports', status: 403, keys: ['code', 'message'] },
  { call: 'POST /moderation/reports/:id/resolve', as: 'admin', url: (c) => `/api/moderation/reports/${c.saved.report}/resolve`, json: () => ({ action: 'dismiss' }), status: 200, keys: ['report'] },
  { call: 'POST /moderation/reports/:id/resolve (resolved)', as: 'admin', url: (c) => `/api/moderation/reports/${c.saved.report}/resolve`, json: () => ({ action: 'hide' }), status: 409, keys: ['code', 'message'] },
  { call: 'POST /moderation/timeouts', as: 'admin', url: () => '/api/moderation/timeouts', json: (c) => ({ userId: c.users.trial.userId, minutes: 10, reason: 'Walk' }), status: 201, keys: ['timeout'] },
  { call: 'POST /moderation/timeouts (an admin)', as: 'admin', url: () => '/api/moderation/timeouts', json: (c) => ({ userId: c.users.admin.userId, minutes: 10, reason: 'Walk' }), status: 409, keys: ['code', 'message'] },
  { call: 'GET /moderation/timeouts', as: 'admin', url: () => '/api/moderation/timeouts', status: 200, keys: ['timeouts'] },
  { call: 'DELETE /moderation/timeouts/:userId', as: 'admin', url: (c) => `/api/moderation/timeouts/${c.users.trial.userId}`, status: 204, keys: null },
  { call: 'PUT /moderation/room', as: 'admin', url: () => '/api/moderation/room', json: (c) => ({ slowModeSeconds: 0, pinnedMessageId: c.saved.reported }), status: 200, keys: ['room'] },
  { call: 'PUT /moderation/room (member)', as: 'member', url: () => '/api/moderation/room', json: () => ({ slowModeSeconds: 5 }), status: 403, keys: ['code', 'message'] },
  { call: 'GET /moderation/filters', as: 'admin', url: () => '/api/moderation/filters', status: 200, keys: ['blockedTerms'] },
  { call: 'PUT /moderation/filters', as: 'admin', url: () => '/api/moderation/filters', json: () => ({ blockedTerms: [] }), status: 200, keys: ['blockedTerms'] },
  { call: 'GET /moderation/log?before=&limit=&action=', as: 'admin', url: () => '/api/moderation/log?limit=5&action=timeout.set', status: 200, keys: ['entries', 'nextCursor'] },
  { call: 'GET /moderation/log (guest)', as: 'guest', url: () => '/api/moderation/log', status: 401, keys: ['code', 'message'] },

  // ---- §10 sessions and password
  { call: 'GET /auth/sessions', as: 'member', url: () => '/api/auth/sessions', status: 200, keys: ['sessions'] },
  {
    call: "DELETE /auth/sessions/:id (another user's: as if it did not exist)",
    as: 'member',
    url: (c) => `/api/auth/sessions/${c.users.trial.sessionId}`,
    status: 404,
    keys: ['code', 'message'],
  },
  {
    call: 'DELETE /auth/sessions/:id (its own other session)',
    as: 'member',
    url: (c) => `/api/auth/sessions/${c.saved.memberSecondSession}`,
    before: async (c) => {
      c.saved.memberSecondSession = (await signIn(c.t, c.users.member.email, c.users.member.password)).sessionId;
    },
    status: 204,
    keys: null,
  },
  { call: 'POST /auth/sessions/revoke-others', as: 'member', url: () => '/api/auth/sessions/revoke-others', status: 200, keys: ['revoked'] },
  {
    call: 'POST /auth/change-password (a wrong current password)',
    as: 'member',
    url: () => '/api/auth/change-password',
    json: () => ({ currentPassword: 'not it', newPassword: 'another long password' }),
    status: 400,
    keys: ['code', 'message'],
  },

  // ---- the end of a session
  { call: 'POST /auth/logout', as: 'member', url: () => '/api/auth/logout', status: 200, keys: ['message'] },
  { call: 'GET /auth/me (after logout: revoked at once)', as: 'member', url: () => '/api/auth/me', status: 401, keys: ['code', 'message'] },
];

const ctx = {} as Ctx;

beforeAll(async () => {
  const t = await createTestApp();
  const member = await signUp(t, 'member');
  await t.store.users.update(member.userId, {
    role: 'member',
    membershipTier: 'pro',
    duration: 'monthly',
    membershipEnd: new Date(Date.now() + 30 * 24 * 60 * 60_000),
  });
  Object.assign(ctx, {
    t,
    users: { member, trial: await signUp(t, 'trial'), admin: await signIn(t, ADMIN.email, ADMIN.password) },
    fresh: newUserInput('fresh'),
    jpeg: await makeJpeg(48, 48),
    saved: {},
  });
});

afterAll(async () => {
  await ctx.t?.close();
});

describe('contract §4 and §5, one call per row', () => {
  for (const row of rows) {
    it(`${row.call} as ${row.as} → ${row.status}`, async () => {
      await row.before?.(ctx);
      const method = row.call.split(' ')[0];
      const token = row.as === 'guest' ? undefined : row.as === 'fresh' ? ctx.saved.freshToken : ctx.users[row.as].token;
      const form = row.form?.(ctx);
      const response = await call(ctx.t.app, {
        method: method as 'GET',
        url: row.url(ctx),
        token,
        ...(form ? { payload: form.payload, headers: form.headers } : {}),
        ...(row.json ? { payload: row.json(ctx) as Record<string, unknown> } : {}),
        ...(row.raw ? { payload: row.raw.body, headers: { 'content-type': row.raw.type } } : {}),
      });
      expect(response.statusCode, response.body).toBe(row.status);
      if (row.keys === null) {
        if (row.status === 204) expect(response.body).toBe('');
        if (row.status === 200) {
          // A stored file: an image that no browser may sniff into anything else, under the CSP.
          expect(response.headers['content-type']).toMatch(/^image\/(jpeg|png|webp)$/);
          expect(response.headers['x-content-type-options']).toBe('nosniff');
          expect(response.headers['content-security-policy']).toContain("default-src 'self'");
          expect(response.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f]{24}\.(jpg|jpeg|png|webp)"$/);
          if (row.url(ctx).includes('/private/')) expect(response.headers['cache-control']).toBe('private, no-store');
        }
        return;
      }
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(row.keys);
      if (row.status >= 400) expect(typeof body.message).toBe('string');
      row.save?.(body, ctx);
    });
  }
});

/** `/api/chat/:id/hide` → `/chat/:/hide`: the contract's names of params differ from the routes'. */
const shape = (url: string) => url.replace(/^\/api/, '').replace(/:[A-Za-z]+/g, ':').replace(/\/$/, '') || '/';

describe('the route inventory', () => {
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    const server = Fastify({ logger: false });
    server.addHook('onRoute', (route) => {
      routes.push(route);
    });
    const { config, store } = ctx.t;
    await server.register(appPlugin, { config, store, mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outbox: config.mailOutbox }) });
    await server.ready();
    await server.close();
  });
  // The API docs' own pages (/api/docs: Swagger UI and its files) are not API routes.
  const api = () => routes.filter((route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD');
  const methods = (route: RouteOptions) => [route.method].flat() as string[];

  it('walks every API route of the server in the table above', () => {
    const walked = new Set(rows.map((row) => `${row.call.split(' ')[0]} ${shape(row.call.split(' ')[1]!.split('?')[0]!)}`));
    const missing = api()
      .flatMap((route) => methods(route).map((method) => `${method} ${shape(route.url)}`))
      .filter((key) => !walked.has(key));
    expect(missing).toEqual([]);
  });

  it('gives every route a response schema, and every route with params a params schema', () => {
    for (const route of api()) {
      expect(route.schema?.response, route.url).toBeDefined();
      if (route.url.includes(':')) expect(route.schema?.params, route.url).toBeDefined();
    }
  });

  it('limits every write route by rate', () => {
    const unlimited = api()
      .filter((route) => methods(route).some((method) => method !== 'GET'))
      .filter((route) => !(route.config as { rateLimit?: unknown } | undefined)?.rateLimit)
      .map((route) => `${methods(route).join(',')} ${route.url}`);
    expect(unlimited).toEqual([]);
  });
});
