// @vitest-environment jsdom
import type { MembershipChangedPayload, PublicUser } from '@le/contracts';
import { UI_TEXT } from '@le/contracts';
import { QueryObserver } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sockets } from '@/lib/test-socket';

import { toaster } from '@/components/ui/toaster';
import { meKeys, useMe } from '@/hooks/use-me';
import { loginAs, publicUser } from '@/lib/test-fixtures';
import { byTestId, stubApi, testQueryClient, waitFor } from '@/lib/test-render';
import { sessionUserIn } from '@/lib/session-user';
import { mountPerTest } from '@/lib/test-session';
import { useSessionStore } from '@/stores/session-store';
import { LiveChatCard } from '@/features/chat/components/live-chat-card';
import { membershipNotice } from './membership-notice';

vi.mock('socket.io-client', async () => ({ io: (await import('@/lib/test-socket')).fakeIo }));

const { MembershipLiveLayer } = await import('./membership-live-layer');

/** The shell's own /auth/me reader (useSessionLifecycle), so a refresh of the query is a real read. */
function MeReader() {
  useMe();
  return null;
}

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Sari, a PRO member until an hour from now, signed in with /auth/me answered. */
const activeSari = () => publicUser('sari', { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: iso(HOUR) });

const ended = (user: PublicUser): MembershipChangedPayload => ({
  role: 'member',
  membershipTier: user.membershipTier,
  membershipEnd: iso(-1_000),
  graceEndsAt: null,
  canPost: false,
});

describe('membership:changed in the app shell', () => {
  let server: PublicUser;
  afterEach(() => {
    vi.restoreAllMocks();
    sockets.splice(0);
  });
  const mountScreen = mountPerTest();

  /** The shell's live layer over the room's card, with /auth/me's query already holding `server`. */
  const mountShell = () => {
    const client = testQueryClient();
    client.setQueryData(meKeys.me, server);
    mountScreen(
      <>
        <MeReader />
        <MembershipLiveLayer />
        <LiveChatCard />
      </>,
      { client },
    );
    return client;
  };

  let calls: ReturnType<typeof stubApi> = [];
  beforeEach(() => {
    server = activeSari();
    calls = stubApi({
      'GET /auth/me': () => ({ user: server }),
      'GET /chat': () => ({ messages: [], nextCursor: null }),
      'GET /chat/events': () => ({ events: [], nextCursor: null }),
      'GET /auth/payment-history': () => ({ payments: [] }),
    });
    useSessionStore.getState().signIn(loginAs('sari', server));
  });

  it('ends the rights on every screen without a reload: /auth/me data, the session, the composer read-only with the spec’s notice, a toast', async () => {
    const toast = vi.spyOn(toaster, 'create');
    const client = mountShell();
    await waitFor(() => expect(document.querySelector('textarea[aria-label="Message"]')).not.toBeNull());
    expect(byTestId('chat-cannot-post')).toBeNull();

    const socket = sockets.at(-1)!;
    const change = ended(server);
    server = { ...server, membershipEnd: change.membershipEnd };
    act(() => {
      socket.emit('connect');
      socket.emit('membership:changed', change);
    });

    expect(client.getQueryData<PublicUser>(meKeys.me)?.membershipEnd).toBe(change.membershipEnd);
    expect(sessionUserIn(client)?.membershipEnd).toBe(change.membershipEnd);
    // one notice, in place of the composer: the expired member's, with the way to renew (not the register line)
    await waitFor(() => expect(byTestId('chat-cannot-post')?.textContent).toBe(`${UI_TEXT.chatExpiredNotice} Renew membership`));
    expect(byTestId('chat-cannot-post')?.querySelector('a')?.getAttribute('href')).toBe('/payment-membership');
    expect(document.querySelector('textarea[aria-label="Message"]')).toBeNull();
    expect(byTestId('chat-notice')).toBeNull();
    expect(document.body.textContent).not.toContain(UI_TEXT.chatRegisterNotice);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', title: 'Your membership has ended' }));

    // The server moves the socket into the rooms of the new rights: no reconnection, no banner.
    expect(socket.connect).not.toHaveBeenCalled();
    expect(byTestId('connection-banner')).toBeNull();
  });

  it('opens the rights after an approval: the composer appears and the toast says the membership is active', async () => {
    const toast = vi.spyOn(toaster, 'create');
    server = publicUser('sari', { role: 'trial', membershipTier: 'trial', trialExpiresAt: iso(HOUR) });
    useSessionStore.getState().signIn(loginAs('sari', server));
    const client = mountShell();
    await waitFor(() => expect(byTestId('chat-cannot-post')).not.toBeNull());

    const approved: MembershipChangedPayload = { role: 'member', membershipTier: 'basic', membershipEnd: iso(30 * 24 * HOUR), graceEndsAt: null, canPost: true };
    server = { ...server, ...approved, role: 'member', duration: 'monthly' };
    act(() => {
      sockets.at(-1)!.emit('membership:changed', approved);
    });
    await waitFor(() => expect(document.querySelector('textarea[aria-label="Message"]')).not.toBeNull());
    expect(sessionUserIn(client)).toMatchObject({ role: 'member', membershipTier: 'basic' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Your membership is active' }));
    // /auth/me is read again for what the push does not carry (the duration).
    await waitFor(() => expect(client.getQueryData<PublicUser>(meKeys.me)?.duration).toBe('monthly'));
  });

  it('a decision pushed while the socket was away is read on the next connection: the user and the payments again', async () => {
    const client = mountShell();
    const payments = { queryKey: ['membership', 'payments'], queryFn: () => Promise.resolve({ read: Date.now() }) };
    await client.prefetchQuery(payments);
    const reads = () => calls.filter((call) => call.path === '/auth/me').length;
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const before = reads();
    const socket = sockets.at(-1)!;
    // the admin rejected the payment meanwhile; the socket (re)connects and hears nothing of it
    act(() => {
      socket.emit('connect');
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(client.getQueryState(payments.queryKey)?.isInvalidated).toBe(true);
    act(() => {
      socket.emit('disconnect', 'transport close');
      socket.emit('connect');
    });
    await waitFor(() => expect(reads()).toBe(before + 2));
  });

  it('a read that failed is left as it is on a connection: its screen keeps saying so, with its Try again', async () => {
    const client = mountShell();
    let tries = 0;
    // a screen's read of its payments that failed, the screen still open (an active observer)
    const screen = new QueryObserver(client, {
      queryKey: ['membership', 'payments', 'failed'],
      queryFn: () => {
        tries += 1;
        return Promise.reject(new Error('The server is down for a moment.'));
      },
      retry: false,
    });
    const stop = screen.subscribe(() => undefined);
    await waitFor(() => expect(screen.getCurrentResult().status).toBe('error'));
    const reads = () => calls.filter((call) => call.path === '/auth/me').length;
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const before = reads();
    act(() => {
      sockets.at(-1)!.emit('connect');
    });
    // the user, read before, is read again: the connection was heard; the failed read is not retried behind the screen's back
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(tries).toBe(1);
    expect(screen.getCurrentResult()).toMatchObject({ status: 'error', fetchStatus: 'idle' });
    stop();
  });
});

describe('membershipNotice', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const at = (offset: number) => new Date(now + offset).toISOString();
  const member = publicUser('budi', { role: 'member', membershipTier: 'pro', membershipEnd: at(HOUR) });

  it('says active, updated or ended as the rights moved, and nothing when they did not', () => {
    expect(membershipNotice(publicUser('t'), { role: 'member', membershipTier: 'pro', membershipEnd: at(HOUR), graceEndsAt: null, canPost: true }, now)).toMatchObject({
      title: 'Your membership is active',
      description: expect.stringContaining('PRO until 10/03/2026') as unknown,
    });
    expect(membershipNotice(member, { role: 'member', membershipTier: 'expert', membershipEnd: at(HOUR), graceEndsAt: null, canPost: true }, now)?.title).toBe(
      'Your membership was updated',
    );
    // The push comes after the end, when the screen's copy already says "ended": it still counts as ending now.
    const lapsed = { ...member, membershipEnd: at(-60_000) };
    expect(membershipNotice(lapsed, { role: 'member', membershipTier: 'pro', membershipEnd: at(-60_000), graceEndsAt: null, canPost: false }, now)?.title).toBe(
      'Your membership has ended',
    );
    const longAgo = { ...member, membershipEnd: at(-30 * 24 * HOUR) };
    expect(membershipNotice(longAgo, { role: 'trial', membershipTier: 'trial', membershipEnd: null, graceEndsAt: null, canPost: false }, now)).toBeNull();
    expect(membershipNotice(member, { role: 'admin', membershipTier: 'admin', membershipEnd: null, graceEndsAt: null, canPost: true }, now)).toBeNull();
  });
});
