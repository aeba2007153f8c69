import { latestCode, readOutbox } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface UserView {
  name: string;
  username: string;
  email: string;
  no_telp: string;
  city: string;
  country: string;
  address: string;
  createdAt: string;
}

const update = (user: SignedInUser | null, payload: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: '/api/auth/update-profile', payload, ...(user ? { token: user.token } : {}) });

const confirm = (user: SignedInUser, code: string) =>
  call(t.app, { method: 'POST', url: '/api/auth/confirm-email-change', payload: { code }, token: user.token });

describe('PUT /api/auth/update-profile', () => {
  it('changes the fields sent, keeps the others, ignores createdAt', async () => {
    const user = await signUp(t, 'profile');
    const response = await update(user, {
      name: '  Sari Dewi ',
      no_telp: '+62 812-3456-7890',
      city: 'Bandung',
      country: 'Indonesia',
      address: 'Jl. Merdeka 1',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ user: UserView; message: string }>();
    expect(body.message).toBe('Profile updated successfully!');
    expect(body.user).toMatchObject({ name: 'Sari Dewi', no_telp: '+62 812-3456-7890', city: 'Bandung', country: 'Indonesia', address: 'Jl. Merdeka 1', email: user.email });
    expect(body.user.createdAt).not.toBe('2000-01-01T00:00:00.000Z');

    const partial = await update(user, { city: 'Jakarta', country: '' });
    expect(partial.json<{ user: UserView }>().user).toMatchObject({ name: 'Sari Dewi', city: 'Jakarta', country: '' });
    for (const country of ['Palestine State', 'Vatican City', 'Taiwan']) {
      expect((await update(user, { country })).statusCode).toBe(200);
    }
  });

  it('bad input → 400 with a message, nothing changed', async () => {
    const user = await signUp(t, 'badprofile');
    const cases: Record<string, unknown>[] = [
      { country: 'Atlantis' },
      { name: '   ' },
      { name: 42 },
      { username: 'no spaces allowed' },
      { email: 'not-an-email' },
      { no_telp: 'call me<script>' },
      { address: 'x'.repeat(501) },
    ];
    for (const payload of cases) {
      const response = await update(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/\w/);
    }
    const me = (await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token })).json<{ user: UserView }>().user;
    expect(me).toMatchObject({ country: '', no_telp: '', address: '', email: user.email });
  });

  it('a taken username or email → 409 with a clear message', async () => {
    const first = await signUp(t, 'first');
    const second = await signUp(t, 'second');
    const username = await update(second, { username: first.username.toUpperCase() });
    expect(username.statusCode).toBe(409);
    expect(username.json<{ message: string }>().message).toBe('This username is already taken.');
    const email = await update(second, { email: first.email.toUpperCase(), currentPassword: second.password });
    expect(email.statusCode).toBe(409);
    expect(email.json<{ message: string }>().message).toBe('This email is already registered.');
    // Its own username in another case is fine.
    expect((await update(second, { username: second.username.toUpperCase() })).statusCode).toBe(200);
  });

  it('a new email needs the code mailed to it before it replaces the old one', async () => {
    const user = await signUp(t, 'mover');
    const newEmail = `moved.${user.username}@example.org`;
    const response = await update(user, { email: newEmail, city: 'Surabaya', currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ user: UserView; pendingEmail: string; message: string }>();
    expect(body.pendingEmail).toBe(newEmail);
    expect(body.user).toMatchObject({ email: user.email, city: 'Surabaya' });
    const code = await latestCode(t.config.mailOutbox, newEmail);

    // Until confirmed, the old address still signs in.
    await signIn(t, user.email, user.password);
    const wrong = await confirm(user, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    const right = await confirm(user, code);
    expect(right.statusCode).toBe(200);
    expect(right.json<{ user: UserView }>().user.email).toBe(newEmail);
    await signIn(t, newEmail, user.password);
    await expect(signIn(t, user.email, user.password)).rejects.toThrow(/401/);
    expect((await confirm(user, code)).statusCode).toBe(400);
  });

  it('a new email needs the current password: without it or with a wrong one, 400 and nothing mailed (contract §10)', async () => {
    const user = await signUp(t, 'stolen');
    const target = `thief.${user.username}@example.org`;
    const mails = async () => (await readOutbox(t.config.mailOutbox)).filter((mail) => mail.to === target).length;
    const missing = await update(user, { email: target });
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'Enter your current password to change the email.', code: 'PASSWORD_REQUIRED' }]);
    const wrong = await update(user, { email: target, currentPassword: 'not the password' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: 'The current password is wrong.', code: 'WRONG_PASSWORD' }]);
    expect(await mails()).toBe(0);
    expect((await t.store.users.findById(user.userId))!.pendingEmail ?? null).toBeNull();
    // the other fields never needed it
    expect((await update(user, { city: 'Medan' })).statusCode).toBe(200);
  });

  it('an email taken while the code waited → 409 at confirmation', async () => {
    const user = await signUp(t, 'slow');
    const target = `target.${user.username}@example.org`;
    await update(user, { email: target, currentPassword: user.password });
    const code = await latestCode(t.config.mailOutbox, target);
    const thief = await signUp(t, 'thief');
    await t.store.users.update(thief.userId, { email: target });
    const response = await confirm(user, code);
    expect(response.statusCode).toBe(409);
  });

  it('roles: guest 401; trial, expired member, member and admin edit their own profile', async () => {
    expect((await update(null, { city: 'X' })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/auth/confirm-email-change', payload: { code: '123456' } })).statusCode).toBe(401);
    const trial = await signUp(t, 'roletrial');
    const expired = await signUp(t, 'roleexpired');
    await t.store.users.update(expired.userId, { role: 'member', membershipTier: 'basic', membershipEnd: new Date(Date.now() - 1000) });
    const member = await signUp(t, 'rolemember');
    await t.store.users.update(member.userId, { role: 'member', membershipTier: 'pro', membershipEnd: new Date(Date.now() + 86_400_000) });
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    for (const user of [trial, expired, member, admin]) {
      const response = await update(user, { city: 'Medan' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ user: { _id?: string; city: string } }>().user.city).toBe('Medan');
    }
    // Nobody edits another's profile: the route has no id, it is always the caller's.
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', token: trial.token })).json<{ user: UserView }>().user.city).toBe('Medan');
    expect((await confirm(trial, '123456')).statusCode).toBe(400);
  });
});
