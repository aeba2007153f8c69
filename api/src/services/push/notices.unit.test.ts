import type { MessageDoc } from '@le/chat-core';
import type { SignalDoc, SignalEvent } from '@le/signal-core';
import { describe, expect, it } from 'vitest';
import { newUserRecord, type UserRecord } from '../../store';
import { deliveryFor } from './notices';

const NOW = Date.parse('2026-11-20T10:00:00Z');
const person = (id: string, role: UserRecord['role'], tier: string, end: number | null): UserRecord => ({
  ...newUserRecord({ _id: id, name: `N ${id}`, username: id, email: `${id}@x.test`, passwordHash: 'h', emailVerified: true, role, membershipTier: tier }),
  emailLower: `${id}@x.test`,
  usernameLower: id,
  membershipEnd: end === null ? null : new Date(end),
  graceEndsAt: null,
});
const pro = person('pro', 'member', 'pro', NOW + 86_400_000);
const basic = person('basic', 'member', 'basic', NOW + 86_400_000);
const expert = person('expert', 'member', 'expert', NOW + 86_400_000);
const expired = person('expired', 'member', 'expert', NOW - 1);

const doc: SignalDoc = {
  _id: 's1',
  seq: 2,
  symbol: 'XAUUSD',
  side: 'sell',
  entry: 2400,
  stopLoss: 2410,
  takeProfits: [2390],
  analysis: 'secret analysis',
  status: 'open',
  openedAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:30:00Z',
  closedAt: null,
  exitPrice: null,
  outcome: null,
  pips: null,
  author: { _id: 'admin', name: 'Admin' },
} as SignalDoc;
const updated = (data: Omit<Extract<SignalEvent, { type: 'signal.updated' }>['data'], 'signalId'>): SignalEvent => ({
  _id: 'e2',
  seq: 2,
  stream: 'signals',
  type: 'signal.updated',
  actorId: 'admin',
  at: '2026-11-20T09:30:00Z',
  data: { signalId: 's1', ...data },
});

describe('deliveryFor: one redaction per viewer', () => {
  it('a moved stop: the levels for pro, none for basic, nothing for an expired member; never the analysis', () => {
    const event = updated({ stopLoss: 2405 });
    const forPro = deliveryFor({ kind: 'signal', event, doc: { ...doc, stopLoss: 2405 } }, pro, NOW)!;
    expect(forPro).toMatchObject({ preference: 'signalUpdated', urgency: 'high', ttlSeconds: 3600 });
    expect(forPro.payload).toMatchObject({ title: 'Stop moved: SELL XAU/USD', body: 'SL 2,405.00 · TP 2,390.00', tag: 'signal-s1' });
    const forBasic = deliveryFor({ kind: 'signal', event, doc }, basic, NOW)!;
    expect(JSON.stringify(forBasic.payload)).not.toMatch(/SELL|2,4|2,39/);
    expect(deliveryFor({ kind: 'signal', event, doc }, expired, NOW)).toBeNull();
    expect(JSON.stringify(deliveryFor({ kind: 'signal', event, doc }, expert, NOW))).not.toContain('secret');
  });

  it('an analysis edit alone is news only to those who read the analysis', () => {
    const event = updated({ analysis: 'new text' });
    expect(deliveryFor({ kind: 'signal', event, doc }, pro, NOW)).toBeNull();
    expect(deliveryFor({ kind: 'signal', event, doc }, expert, NOW)?.payload.title).toBe('Analysis edited: SELL XAU/USD');
  });

  it('a reply goes to the parent\'s author only, never the hidden or deleted, never to an expired member', () => {
    const message = {
      _id: 'm2',
      stream: 'global',
      content: 'Setuju,\n target  kedua',
      sender: { _id: 'basic', name: 'Budi', role: 'member' },
      replyTo: { _id: 'm1', sender: { _id: 'pro', name: 'Pro' }, preview: '', hidden: false, deleted: false },
      hidden: false,
      deleted: false,
    } as unknown as MessageDoc;
    expect(deliveryFor({ kind: 'reply', message }, pro, NOW)).toMatchObject({
      preference: 'replies',
      ttlSeconds: 86_400,
      payload: { title: 'Budi replied to you', body: 'Setuju, target kedua', url: '/faq-chat', tag: 'reply-m1' },
    });
    expect(deliveryFor({ kind: 'reply', message }, expert, NOW)).toBeNull();
    expect(deliveryFor({ kind: 'reply', message: { ...message, hidden: true } }, pro, NOW)).toBeNull();
    expect(deliveryFor({ kind: 'reply', message }, { ...pro, membershipEnd: new Date(NOW - 1) }, NOW)).toBeNull();
  });

  it('a payment proof is for admins; a membership reminder for the member', () => {
    const admin = person('admin', 'admin', 'None', null);
    const payment = { kind: 'payment', paymentId: 'p1', payerName: 'Sari', tier: 'pro', duration: 'monthly' } as const;
    expect(deliveryFor(payment, admin, NOW)?.payload.url).toBe('/manage-membership');
    expect(deliveryFor(payment, pro, NOW)).toBeNull();
    expect(deliveryFor({ kind: 'membership', reminder: 'ended', tier: 'expert' }, expired, NOW)?.payload.title).toBe('Your membership has ended');
  });
});
