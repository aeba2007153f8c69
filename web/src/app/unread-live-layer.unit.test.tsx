// @vitest-environment jsdom
import type { ChatEventPayload, ChatSummary, PublicUser } from '@le/contracts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sockets, opened } from '@/lib/test-socket';

import { loginAs, publicUser } from '@/lib/test-fixtures';
import { byTestId, render, stubApi, testQueryClient, waitFor } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { UnreadBadge, unreadBadgeText, unreadLabel } from '@/components/ui/unread-badge';
import { UserMenu, accountMenuLabel } from '@/components/layouts/user-menu';
import { clearUnread } from '@/features/chat/api/get-chats';
import { clearOnSessionChange } from '@/lib/query-client';
import { chatListKey, unreadTotal } from '@/lib/unread';
import { UNREAD_MAX_WAIT_MS, UNREAD_SETTLE_MS } from '@/features/chat/hooks/use-unread-total';
import { useChatListSync } from '@/features/chat/hooks/use-chat-list-sync';

vi.mock('socket.io-client', async () => ({ io: (await import('@/lib/test-socket')).fakeIo }));

const { UnreadLiveLayer } = await import('./unread-live-layer');

const CHAT = 'c'.repeat(24);
const OTHER = 'd'.repeat(24);
const summary = (id: string, unreadCount: number, seq = unreadCount): ChatSummary => ({ _id: id, participants: [], lastMessage: null, unreadCount, seq });
const posted = (stream: string, seq: number): ChatEventPayload => ({ stream, seq, type: 'message.posted', actorId: 'id-admin' });

/** The avatar's badge and the button's name, as the top bar shows them. */
const trigger = () => byTestId('user-menu-trigger');
const avatarBadge = () => byTestId('avatar-unread-badge')?.textContent ?? null;

describe('the unread badge: count, cap and words', () => {
  it('sums unreadCount over the chats, ignoring what is not a positive count', () => {
    expect(unreadTotal(undefined)).toBe(0);
    expect(unreadTotal([])).toBe(0);
    expect(unreadTotal([{ unreadCount: 2 }, { unreadCount: 0 }, { unreadCount: 5 }])).toBe(7);
    expect(unreadTotal([{ unreadCount: -3 }, { unreadCount: Number.NaN }, { unreadCount: 1 }])).toBe(1);
  });

  it('shows the count up to 99, then "99+"; the words always say the whole number', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(4_321)).toBe('99+');
    expect(unreadLabel(1)).toBe('1 unread message');
    expect(unreadLabel(3)).toBe('3 unread messages');
    expect(unreadLabel(150)).toBe('150 unread messages');
    expect(accountMenuLabel('sari', 0)).toBe('Account menu for sari');
    expect(accountMenuLabel('sari', 2)).toBe('Account menu for sari, 2 unread messages');
  });

  it('draws nothing for zero and hides the digits from screen readers', () => {
    const view = render(
      <>
        <UnreadBadge count={0} data-testid="zero" />
        <UnreadBadge count={120} data-testid="many" />
      </>,
    );
    expect(byTestId('zero')).toBeNull();
    expect(byTestId('many')?.textContent).toBe('99+');
    expect(byTestId('many')?.getAttribute('aria-hidden')).toBe('true');
    view.unmount();
  });
});

describe('UnreadLiveLayer with the account menu', () => {
  let chats: ChatSummary[];
  let calls: ReturnType<typeof stubApi>;
  let view: ReturnType<typeof render> | null = null;
  const reads = (kind: 'user' | 'admin') => calls.filter((call) => call.method === 'GET' && call.path === `/chat/${kind}/chats`).length;

  const mount = (user: PublicUser) => {
    useSessionStore.getState().signIn(loginAs(user.username, user));
    const client = testQueryClient();
    view = render(
      <>
        <UnreadLiveLayer />
        <UserMenu user={user} />
      </>,
      { client },
    );
    return client;
  };

  beforeEach(() => {
    chats = [];
    calls = stubApi({
      'GET /chat/user/chats': () => ({ chats }),
      'GET /chat/admin/chats': () => ({ chats }),
    });
  });

  afterEach(() => {
    view?.unmount();
    view = null;
    useSessionStore.getState().clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    sockets.splice(0);
    opened.mockClear();
  });

  it('a member: no badge without unread; an admin reply on the socket raises it, without a reload; reading the conversation takes it away', async () => {
    const member = publicUser('sari', { role: 'member', membershipTier: 'pro' });
    const client = mount(member);
    await waitFor(() => expect(reads('user')).toBe(1));
    expect(avatarBadge()).toBeNull();
    expect(trigger()?.getAttribute('aria-label')).toBe('Account menu for sari');
    // The layer holds the tab's one socket (the shell's other layers share it).
    expect(opened).toHaveBeenCalledTimes(1);
    const socket = sockets.at(-1)!;

    // The admin replies in the member's chat: the server counts it, the socket says so.
    chats = [summary(CHAT, 1, 4)];
    act(() => {
      socket.emit('chat:event', posted(CHAT, 4));
    });
    await waitFor(() => expect(avatarBadge()).toBe('1'));
    expect(reads('user')).toBe(2);
    expect(trigger()?.getAttribute('aria-label')).toBe('Account menu for sari, 1 unread message');
    expect(byTestId('unread-status')?.textContent).toBe('1 unread message');

    // The open conversation marks it read (clearUnread on the chat list's query): the badge goes at once.
    act(() => clearUnread(client, CHAT));
    await waitFor(() => expect(avatarBadge()).toBeNull());
    expect(trigger()?.getAttribute('aria-label')).toBe('Account menu for sari');
    expect(byTestId('unread-status')?.textContent).toBe('');
  });

  it('reads again after a private event only, once per burst, and after every reconnection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount(publicUser('budi', { role: 'trial' }));
    await waitFor(() => expect(reads('user')).toBe(1));
    const socket = sockets.at(-1)!;

    // The global room is not the member's mail.
    act(() => {
      socket.emit('chat:event', posted('global', 10));
    });
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_SETTLE_MS * 2));
    expect(reads('user')).toBe(1);

    // A message and its read mark from another tab: one read.
    chats = [summary(CHAT, 0, 6)];
    act(() => {
      socket.emit('chat:event', posted(CHAT, 5));
      socket.emit('chat:event', { stream: CHAT, seq: 6, type: 'chat.read', readerId: 'id-budi', upTo: 5 });
    });
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_SETTLE_MS * 2));
    await waitFor(() => expect(reads('user')).toBe(2));
    expect(avatarBadge()).toBeNull();

    // Back after a lost connection: what the socket missed meanwhile is read.
    chats = [summary(CHAT, 2, 8)];
    act(() => {
      socket.emit('connect');
    });
    await waitFor(() => expect(avatarBadge()).toBe('2'));
    expect(reads('user')).toBe(3);
  });

  it('with the chat screen open too, an event or a reconnection is one read of the list, not one per holder', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    function ChatScreenList() {
      useChatListSync('user');
      return null;
    }
    useSessionStore.getState().signIn(loginAs('budi', publicUser('budi', { role: 'trial' })));
    view = render(
      <>
        <UnreadLiveLayer />
        <ChatScreenList />
      </>,
      { client: testQueryClient() },
    );
    await waitFor(() => expect(reads('user')).toBeGreaterThanOrEqual(1));
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_SETTLE_MS * 2));
    const before = reads('user');
    const socket = sockets.at(-1)!;

    act(() => {
      socket.emit('chat:event', posted(CHAT, 7));
    });
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_SETTLE_MS * 4));
    expect(reads('user')).toBe(before + 1);

    act(() => {
      socket.emit('connect');
    });
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_SETTLE_MS * 4));
    expect(reads('user')).toBe(before + 2);
  });

  it('steady traffic is read at least once a second, not put off while events keep coming', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mount(publicUser('budi', { role: 'trial' }));
    await waitFor(() => expect(reads('user')).toBe(1));
    const socket = sockets.at(-1)!;
    // An event every 100 ms for 3 s: a settling wait pushed on by each would never read.
    for (let seq = 1; seq <= 30; seq += 1) {
      act(() => {
        socket.emit('chat:event', posted(CHAT, seq));
      });
      await act(async () => vi.advanceTimersByTimeAsync(100));
    }
    expect(reads('user')).toBeGreaterThanOrEqual(1 + Math.floor(3000 / UNREAD_MAX_WAIT_MS));
    expect(reads('user')).toBeLessThanOrEqual(1 + Math.ceil(3000 / (UNREAD_MAX_WAIT_MS - UNREAD_SETTLE_MS)));
  });

  it('an admin: the sum over every member chat from the admin list, "99+" past 99, the Message item says it too', async () => {
    chats = [summary(CHAT, 60), summary(OTHER, 45)];
    mount(publicUser('boss', { role: 'admin', membershipTier: 'admin' }));
    await waitFor(() => expect(avatarBadge()).toBe('99+'));
    expect(reads('admin')).toBe(1);
    expect(reads('user')).toBe(0);
    expect(trigger()?.getAttribute('aria-label')).toBe('Account menu for boss, 105 unread messages');

    act(() => {
      trigger()!.focus();
      trigger()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await waitFor(() => expect(byTestId('message-unread-badge')?.textContent).toBe('99+'));
    const message = byTestId('message-unread-badge')!.closest('a')!;
    expect(message.getAttribute('href')).toBe('/chat-admin');
    expect(message.getAttribute('aria-label')).toBe('Message, 105 unread messages');
    expect(message.textContent).toBe('Message99+');
  });

  it('a guest: no read, no socket of its own, no badge', async () => {
    const client = testQueryClient();
    view = render(<UnreadLiveLayer />, { client });
    await act(async () => {});
    expect(calls).toEqual([]);
    expect(opened).not.toHaveBeenCalled();
    expect(client.getQueryData(chatListKey('user'))).toBeUndefined();
  });

  it('signing out clears the count: it is the chat list’s, which goes with the session', async () => {
    chats = [summary(CHAT, 3)];
    const client = mount(publicUser('sari', { role: 'member', membershipTier: 'pro' }));
    const stop = clearOnSessionChange(client);
    await waitFor(() => expect(avatarBadge()).toBe('3'));
    act(() => useSessionStore.getState().clear());
    await waitFor(() => expect(avatarBadge()).toBeNull());
    expect(client.getQueryData(chatListKey('user'))).toBeUndefined();
    stop();
  });
});
