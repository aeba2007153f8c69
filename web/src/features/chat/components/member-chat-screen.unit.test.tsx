// @vitest-environment jsdom
import type { ChatSummary } from '@le/contracts';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { loginAs } from '@/lib/test-fixtures';
import { signInWith } from '@/lib/session-user';
import { byTestId, stubApi, testQueryClient, typeInto, waitFor } from '@/lib/test-render';
import { mountPerTest } from '@/lib/test-session';
import { WITH_ADMINS_NOTICE } from '@/features/chat/utils/rights';
import { testMessage } from '@/features/chat/utils/test-messages';

vi.mock('socket.io-client', async () => ({ io: (await import('@/lib/test-socket')).fakeIo }));

const { MemberChatScreen } = await import('./member-chat-screen');

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const admin = { _id: 'admin-1', role: 'admin', username: 'admin', name: 'Admin Emas', photo_profile: '' };
const chat: ChatSummary = { _id: 'c'.repeat(24), participants: [admin], lastMessage: null, unreadCount: 0, seq: 0 };

/** The API of a member who has not written yet: the first message opens the conversation, then posts in it. */
const stubConversation = () =>
  stubApi({
    'GET /chat/with-admin': () => ({ chat: null, messages: [], nextCursor: null, admins: [admin] }),
    'GET /chat/user/chats': () => ({ chats: [] }),
    'GET /chat': () => ({ messages: [], nextCursor: null }),
    'GET /chat/events': () => ({ events: [], nextCursor: null }),
    'POST /chat/with-admin': () => ({ chat }),
    [`POST /chat/${chat._id}/read`]: () => ({ status: 204, body: null }),
    'POST /chat': (body) => ({
      status: 201,
      body: { message: testMessage('m1', 1, { content: (body as { content: string }).content, type: 'private', chatId: chat._id }) },
    }),
  });

describe('/chat-user for trials and expired members (contract §9)', () => {
  const mountScreen = mountPerTest();

  it.each([
    ['a trial', { role: 'trial' as const, membershipTier: 'trial', trialExpiresAt: iso(DAY) }, 'Become a member'],
    ['an expired member', { role: 'member' as const, membershipTier: 'basic', membershipEnd: iso(-DAY) }, 'Renew membership'],
  ])('%s writes to the admins, and reads that the live room needs an active membership', async (_label, user, link) => {
    const calls = stubConversation();
    const client = testQueryClient();
    signInWith(client, loginAs('tari', user));
    mountScreen(<MemberChatScreen />, { client });
    await waitFor(() => expect(document.querySelector('textarea[aria-label="Message"]')).not.toBeNull());
    expect(byTestId('chat-cannot-post')).toBeNull();
    const notice = byTestId('chat-notice');
    expect(notice?.textContent).toContain(WITH_ADMINS_NOTICE);
    expect(notice?.querySelector('a')?.textContent).toBe(link);
    expect(notice?.querySelector('a')?.getAttribute('href')).toBe('/payment-membership');

    const input = document.querySelector('textarea[aria-label="Message"]');
    typeInto(input, 'Bagaimana cara membayar?');
    act(() => {
      input!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    const posts = () => calls.filter((call) => call.method === 'POST' && !call.path.endsWith('/read')).map((call) => call.path);
    await waitFor(() => expect(posts()).toEqual(['/chat/with-admin', '/chat']));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/chat')?.body).toMatchObject({
      content: 'Bagaimana cara membayar?',
      type: 'private',
      chatId: chat._id,
    });
  });

  it('an active member writes without a notice', async () => {
    stubConversation();
    const client = testQueryClient();
    signInWith(client, loginAs('budi', { role: 'member', membershipTier: 'pro', membershipEnd: iso(DAY) }));
    mountScreen(<MemberChatScreen />, { client });
    await waitFor(() => expect(document.querySelector('textarea[aria-label="Message"]')).not.toBeNull());
    expect(byTestId('chat-notice')).toBeNull();
  });
});
