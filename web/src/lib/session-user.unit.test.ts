// @vitest-environment jsdom
import type { LoginResponse, PublicUser } from '@le/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ME_KEY, keepSessionUserSaved, sessionRoleIn, sessionUserIn, signInWith } from './session-user';
import { publicUser } from './test-fixtures';
import { useSessionStore } from '@/stores/session-store';

const login: LoginResponse = { token: 't1', sessionId: 's1', user: publicUser('rina', { _id: 'u1', name: 'Rina', membershipEnd: null }) };
const stored = () => JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null;

describe('the signed-in user: one copy, in the query cache, saved in the browser', () => {
  let client: QueryClient;
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().reload();
    client = new QueryClient();
    stop = keepSessionUserSaved(client);
  });
  afterEach(() => {
    stop();
    client.clear();
    useSessionStore.getState().clear();
  });

  it('a sign-in puts the whole user in the cache and saves the stored fields', () => {
    signInWith(client, login);
    expect(client.getQueryData(ME_KEY)).toEqual(login.user);
    expect(sessionUserIn(client)).toBe(client.getQueryData(ME_KEY));
    expect(stored()).toEqual({ username: 'rina', email: 'rina@example.com', role: 'trial', membershipTier: 'trial', photo_profile: '' });
  });

  it('after a load, the saved user stands in until the server answers; then the answer is the user', () => {
    signInWith(client, login);
    const afterLoad = new QueryClient();
    useSessionStore.getState().reload();
    expect(sessionUserIn(afterLoad)).toEqual({ username: 'rina', email: 'rina@example.com', role: 'trial', membershipTier: 'trial', photo_profile: '' });
    const answer = publicUser('rina', { _id: 'u1', role: 'member', membershipTier: 'pro' });
    afterLoad.setQueryData(ME_KEY, answer);
    expect(sessionUserIn(afterLoad)).toBe(answer);
    expect(sessionRoleIn(afterLoad)).toBe('member');
  });

  it('each new value of the cached user is saved: a pushed membership change survives a reload', () => {
    signInWith(client, login);
    client.setQueryData<PublicUser>(ME_KEY, (user) => (user ? { ...user, role: 'member', membershipTier: 'pro' } : user));
    expect(stored()).toMatchObject({ role: 'member', membershipTier: 'pro' });
    expect(localStorage.getItem('role')).toBe('member');
    useSessionStore.getState().reload();
    expect(useSessionStore.getState().savedUser).toMatchObject({ role: 'member', membershipTier: 'pro' });
  });

  it('nobody is signed in: no user, whatever the cache holds, and a late answer writes nothing back', () => {
    client.setQueryData(ME_KEY, login.user);
    expect(sessionUserIn(client)).toBeNull();
    expect(sessionRoleIn(client)).toBeNull();
    expect(stored()).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });

  it('the user is kept while the session is: never collected as an unused query', () => {
    signInWith(client, login);
    expect(client.getQueryCache().find({ queryKey: ME_KEY })?.gcTime).toBe(Infinity);
  });

  it('a pushed change that repeats what is held is still a new value, so the screens look at the clock again', () => {
    signInWith(client, login);
    const before = client.getQueryData<PublicUser>(ME_KEY);
    client.setQueryData<PublicUser>(ME_KEY, (user) => (user ? { ...user, membershipEnd: user.membershipEnd } : user));
    expect(client.getQueryData(ME_KEY)).not.toBe(before);
    expect(client.getQueryData(ME_KEY)).toEqual(before);
  });
});
