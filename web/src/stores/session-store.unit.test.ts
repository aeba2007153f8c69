// @vitest-environment jsdom
import type { LoginResponse } from '@le/contracts';
import { publicUser } from '@/lib/test-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session-store';

const login: LoginResponse = { token: 't1', sessionId: 's1', user: publicUser('rina', { _id: 'u1', name: 'Rina' }) };

describe('session store and browser storage (spec §3)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().reload();
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps token, role, username, sessionId and the user JSON', () => {
    useSessionStore.getState().signIn(login);
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('role')).toBe('trial');
    expect(localStorage.getItem('username')).toBe('rina');
    expect(localStorage.getItem('sessionId')).toBe('s1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      username: 'rina',
      email: 'rina@example.com',
      role: 'trial',
      membershipTier: 'trial',
      photo_profile: '',
    });
  });

  it('clear forgets the whole session', () => {
    useSessionStore.getState().signIn(login);
    useSessionStore.getState().clear();
    for (const key of ['token', 'role', 'username', 'sessionId', 'user']) expect(localStorage.getItem(key)).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, savedUser: null, savedRole: null });
  });

  it('logs and ignores a stored user that cannot be parsed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', '{not json');
    useSessionStore.getState().reload();
    expect(useSessionStore.getState().savedUser).toBeNull();
    expect(useSessionStore.getState().token).toBe('t1');
    expect(warn).toHaveBeenCalled();
  });
});
