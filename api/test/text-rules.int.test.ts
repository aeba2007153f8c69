import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@le/contracts';
import { ADMIN, call, createTestApp, newUserInput, signIn, type SignedInUser, type TestApp } from './helpers';

/**
 * Contract §10, an outside probe's findings: email addresses in NFKC without format characters,
 * with an ASCII (or punycode) domain, so none registers beside an existing member's by looking
 * like it; chat messages without control characters, lone surrogates or bidi overrides. Each is a
 * 400 with nothing stored.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const register = (email: string) => {
  const input = newUserInput('probe');
  return call(t.app, { method: 'POST', url: '/api/auth/register', payload: { ...input, email } });
};

describe('email addresses', () => {
  it.each([
    ['a zero-width space', 'bo\u200bss@example.com'],
    ['a soft hyphen', 'bo\u00adss@example.com'],
    ['a Cyrillic look-alike in the domain', 'boss@ex\u0430mple.com'],
    ['a Cyrillic letter among Latin ones', 'b\u043ess@example.com'],
    ['a non-ASCII domain', 'boss@exämple.com'],
  ])('refuses %s with 400, nothing stored', async (_label, email) => {
    const response = await register(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(await t.store.users.findByEmail(email)).toBeNull();
    expect(await t.store.users.findByEmail(email.normalize('NFKC'))).toBeNull();
  });

  it('full-width letters are the same address as plain ones: 409 beside the member, who signs in either way', async () => {
    const owner = newUserInput('owner');
    expect((await call(t.app, { method: 'POST', url: '/api/auth/register', payload: owner })).statusCode).toBe(201);
    const fullWidth = owner.email.replace(/[a-z]/g, (letter) => String.fromCodePoint(letter.codePointAt(0)! - 0x61 + 0xff41));
    expect(fullWidth).not.toBe(owner.email);
    const response = await register(fullWidth);
    expect(response.statusCode).toBe(409);
    // Stored in NFKC: a lookup by the full-width spelling finds the one account.
    const forgot = await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: fullWidth } });
    expect(forgot.statusCode).toBe(200);
  });

  it('a punycode domain is an address like any other', async () => {
    expect((await register(`p${Date.now()}@xn--exmple-cua.com`)).statusCode).toBe(201);
  });
});

describe('chat messages', () => {
  const post = (content: string) => call(t.app, { method: 'POST', url: '/api/chat', token: admin.token, payload: { content } });

  it.each([
    ['a NUL', 'gold\u0000 2400'],
    ['an escape', 'gold \u001b[31m 2400'],
    ['a C1 control', 'gold \u0085 2400'],
    ['a lone high surrogate', 'gold \ud83d 2400'],
    ['a lone low surrogate', 'gold \ude00 2400'],
    ['a right-to-left override', 'buy at \u202e0042\u202c'],
    ['a right-to-left isolate', 'buy at \u20670042\u2069'],
  ])('refuses %s with 400, nothing stored', async (_label, content) => {
    const before = (await t.store.chatEvents.after('global', 0, 10_000)).length;
    const response = await post(content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_CHARACTERS' });
    expect((await t.store.chatEvents.after('global', 0, 10_000)).length).toBe(before);
  });

  it('keeps line breaks, tabs, emoji and right-to-left letters', async () => {
    const content = 'XAU 2400\n\tbuy 🚀 مرحبا';
    const response = await post(content);
    expect(response.statusCode).toBe(201);
    expect(response.json<{ message: ChatMessage }>().message.content).toBe(content);
  });

  it('an edit is held to the same rule', async () => {
    const posted = (await post('to be edited')).json<{ message: ChatMessage }>().message;
    const response = await call(t.app, { method: 'PATCH', url: `/api/chat/${posted._id}`, token: admin.token, payload: { content: 'sell \u202e0042' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_CHARACTERS' });
  });
});
