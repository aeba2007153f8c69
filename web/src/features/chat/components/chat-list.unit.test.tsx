// @vitest-environment jsdom
import type { ChatSummary, InboxMember } from '@le/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { allByTestId, render } from '@/lib/test-render';
import { ChatList } from './chat-list';

const member = (id: string, pendingPayment: InboxMember['pendingPayment']): InboxMember => ({
  _id: id,
  name: `Member ${id}`,
  role: 'trial',
  membershipTier: 'trial',
  membershipEnd: null,
  graceEndsAt: null,
  pendingPayment,
});

const chat = (id: string, minute: number, inboxMember?: InboxMember): ChatSummary => ({
  _id: id,
  participants: [{ _id: `u-${id}`, role: 'trial', username: `user${id}`, name: `Member ${id}`, photo_profile: '' }],
  lastMessage: {
    content: `hello from ${id}`,
    createdAt: `2026-03-10T10:${String(minute).padStart(2, '0')}:00.000Z`,
    sender: { _id: `u-${id}`, role: 'trial', name: `Member ${id}`, username: `user${id}`, photo_profile: '', membershipTier: 'trial' },
  },
  unreadCount: 0,
  seq: 1,
  member: inboxMember,
});

const pending = {
  _id: 'p1',
  membershipTier: 'pro',
  duration: 'monthly' as const,
  amount: 100_000,
  expectedAmount: 100_000,
  createdAt: '2026-03-10T09:00:00.000Z',
  paymentProof: '/api/files/private/f1',
};

describe('the admin inbox list (contract §9)', () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
  });

  const chats = [chat('a', 3, member('a', pending)), chat('b', 2, member('b', null)), chat('c', 1)];

  it('badges exactly the conversations whose member has a payment waiting', () => {
    view = render(<ChatList chats={chats} viewerIsAdmin selectedId={null} onSelect={() => undefined} emptyText="none" />);
    const items = allByTestId('chat-list-item');
    expect(items.map((item) => item.getAttribute('data-chat-id'))).toEqual(['a', 'b', 'c']);
    expect(items.map((item) => item.querySelector('[data-testid="pending-payment-badge"]') !== null)).toEqual([true, false, false]);
    expect(items[0]!.textContent).toContain('Payment waiting for validation');
  });

  it('shows no payment badge to a member', () => {
    view = render(<ChatList chats={chats} viewerIsAdmin={false} selectedId={null} onSelect={() => undefined} emptyText="none" />);
    expect(allByTestId('pending-payment-badge')).toHaveLength(0);
  });
});
