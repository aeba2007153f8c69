// @vitest-environment jsdom
import type { AdminPaymentRecord, InboxMember } from '@le/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { loginAs, publicUser } from '@/lib/test-fixtures';
import { buttonNamed, byTestId, click, stubApi, typeInto, waitFor } from '@/lib/test-render';
import { mountPerTest } from '@/lib/test-session';
import { useSessionStore } from '@/stores/session-store';
import { InboxMemberPanel, memberStanding } from './inbox-member-panel';

const DAY = 86_400_000;
const NOW = Date.now();
const at = (offset: number) => new Date(NOW + offset).toISOString();
const USER_ID = 'a'.repeat(24);

const record = (overrides: Partial<AdminPaymentRecord>): AdminPaymentRecord => ({
  _id: 'p-old',
  userId: USER_ID,
  username: 'eko',
  email: 'eko@example.com',
  membershipTier: 'basic',
  duration: 'monthly',
  amount: 50_000,
  expectedAmount: 50_000,
  status: 'approved',
  paymentDate: at(-40 * DAY),
  expiredDate: at(-10 * DAY),
  paymentProof: '/api/files/private/old',
  reason: null,
  rejectionReason: null,
  reviewedBy: 'admin',
  reviewedAt: at(-40 * DAY),
  ...overrides,
});

const pendingRecord = record({ _id: 'p-new', membershipTier: 'pro', amount: 100_000, expectedAmount: 100_000, status: 'pending', paymentDate: at(-DAY), paymentProof: '/api/files/private/new', expiredDate: null, reviewedAt: null, reviewedBy: null });
const rejectedRecord = record({ _id: 'p-rej', status: 'rejected', rejectionReason: 'Wrong amount', paymentDate: at(-5 * DAY) });

/** Eko: his BASIC month ended ten days ago; a PRO payment waits. */
const eko: InboxMember = {
  _id: USER_ID,
  name: 'Eko Prasetyo',
  role: 'member',
  membershipTier: 'basic',
  membershipEnd: at(-10 * DAY),
  graceEndsAt: null,
  pendingPayment: {
    _id: 'p-new',
    membershipTier: 'pro',
    duration: 'monthly',
    amount: 100_000,
    expectedAmount: 100_000,
    createdAt: at(-DAY),
    paymentProof: '/api/files/private/new',
  },
};

describe('the inbox member panel (contract §9)', () => {
  afterEach(() => vi.restoreAllMocks());
  const mountScreen = mountPerTest();
  beforeEach(() => {
    useSessionStore.getState().signIn(loginAs('boss', { role: 'admin', membershipTier: 'admin' }));
    URL.createObjectURL = vi.fn(() => 'blob:proof');
    URL.revokeObjectURL = vi.fn();
  });

  const stub = () =>
    stubApi({
      [`GET /admin/payments?userId=${USER_ID}&limit=50`]: () => ({ payments: [pendingRecord, rejectedRecord, record({})], nextCursor: null }),
      'GET /files/private/new': () => ({}),
      'POST /admin/payments/p-new/approve': (body) => ({
        payment: { ...pendingRecord, status: 'approved', amount: (body as { amount?: number }).amount ?? 100_000 },
        user: publicUser('eko', { name: 'Eko Prasetyo', role: 'member', membershipTier: 'pro', membershipEnd: at(30 * DAY) }),
      }),
      'POST /admin/payments/p-new/reject': (body) => ({ payment: { ...pendingRecord, status: 'rejected', rejectionReason: (body as { reason?: string }).reason ?? null } }),
    });

  it('shows who the member is, the pending proof with the expected amount, and the history with reasons', async () => {
    stub();
    mountScreen(<InboxMemberPanel member={eko} />);
    expect(byTestId('member-role')?.textContent).toBe('member');
    expect(byTestId('member-standing')?.textContent).toBe('Expired');
    expect(byTestId('member-end')?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // the inbox's copy shows at once, the member's list replaces it
    expect(byTestId('member-pending-payment')?.querySelector('[data-testid="expected-amount"]')?.textContent).toBe('Rp 100.000');
    await waitFor(() => expect(byTestId('member-payment-history')?.children).toHaveLength(3));
    expect(byTestId('member-payment-history')?.textContent).toContain('Reason: Wrong amount');
    // each payment's status in the one PaymentStatusBadge (components/ui/tier-badge)
    const statuses = [...byTestId('member-payment-history')!.querySelectorAll('[data-payment-status]')].map((badge) => badge.textContent);
    expect(statuses).toEqual(['pending', 'rejected', 'approved']);
    await waitFor(() => expect(byTestId('member-pending-payment')?.querySelector('img')?.getAttribute('src')).toBe('blob:proof'));
  });

  it('approves in place with the amount received, then tells and lets the inbox refresh', async () => {
    const calls = stub();
    const toast = vi.spyOn(toaster, 'create');
    const onDecided = vi.fn();
    mountScreen(<InboxMemberPanel member={eko} onDecided={onDecided} />);
    await waitFor(() => expect(byTestId('member-payment-history')).not.toBeNull());
    typeInto(byTestId('member-pending-payment')!.querySelector('input'), '90.000');
    click(buttonNamed('Approve'));
    // Nothing is sent before the admin confirms what the approval grants.
    await waitFor(() => expect(byTestId('approve-confirm-summary')).not.toBeNull());
    expect(byTestId('approve-confirm-summary')!.textContent).toBe('Eko Prasetyo becomes a PRO member for one month (monthly), for Rp 90.000 (custom).');
    expect(calls.find((call) => call.method === 'POST')).toBeUndefined();
    click(buttonNamed('Approve payment'));
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/admin/payments/p-new/approve', body: { amount: 90_000 } });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', title: "Approved Eko Prasetyo's PRO monthly payment", description: expect.stringContaining('Eko Prasetyo is a PRO member') as unknown }),
    );
  });

  it('rejects in place with a reason', async () => {
    const calls = stub();
    const toast = vi.spyOn(toaster, 'create');
    const onDecided = vi.fn();
    mountScreen(<InboxMemberPanel member={eko} onDecided={onDecided} />);
    await waitFor(() => expect(byTestId('member-payment-history')).not.toBeNull());
    click(buttonNamed('Reject'));
    await waitFor(() => expect(document.querySelector('#reject-reason textarea, textarea')).not.toBeNull());
    typeInto(document.querySelector('textarea'), 'The transfer has not arrived');
    click(buttonNamed('Reject payment'));
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/admin/payments/p-new/reject', body: { reason: 'The transfer has not arrived' } });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Rejected Eko Prasetyo's PRO monthly payment" }));
  });

  it('memberStanding: active, grace, trial, expired', () => {
    expect(memberStanding({ ...eko, membershipEnd: at(DAY) })).toBe('Active');
    expect(memberStanding({ ...eko, membershipEnd: at(-DAY), graceEndsAt: at(DAY) })).toBe('Grace');
    expect(memberStanding({ ...eko, role: 'trial', membershipTier: 'trial', membershipEnd: null })).toBe('Trial');
    expect(memberStanding(eko)).toBe('Expired');
  });
});
