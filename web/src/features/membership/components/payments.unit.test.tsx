// @vitest-environment jsdom
import type { PaymentRecord, PublicUser } from '@le/contracts';
import { UI_TEXT } from '@le/contracts';
import { act, useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { publicUser } from '@/lib/test-fixtures';
import { allByTestId, buttonNamed, byTestId, click, waitFor } from '@/lib/test-render';
import { mountPerTest, signedInAs } from '@/lib/test-session';
import { useMe } from '@/hooks/use-me';
import { useSessionStore } from '@/stores/session-store';
import { usePaymentHistory } from '@/features/membership/api/payments';
import { MemberDashboard } from './member-dashboard';
import { PaymentMembership } from './payment-membership';

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const payment = (overrides: Partial<PaymentRecord>): PaymentRecord => ({
  _id: 'p1',
  membershipTier: 'pro',
  paymentDate: '2026-03-01T09:00:00.000Z',
  expiredDate: null,
  amount: 100_000,
  duration: 'monthly',
  status: 'approved',
  paymentProof: '/api/files/private/f1',
  rejectionReason: null,
  ...overrides,
});

const rejected = payment({ _id: 'p2', status: 'rejected', rejectionReason: 'The transfer has not arrived in our account.' });

const signedInWith = (user: PublicUser, payments: PaymentRecord[]) => signedInAs(user, { 'GET /auth/payment-history': () => ({ payments }) });

describe('rejection reasons (contract §9) and the period note', () => {
  const mountScreen = mountPerTest();

  it('/dashboard-member: the latest rejection with its reason, the reason in its history row, and "Kirim Ulang Pembayaran" to the payment form', async () => {
    signedInWith(publicUser('tari'), [rejected, payment({})]);
    mountScreen(<MemberDashboard />);
    await waitFor(() => expect(byTestId('rejected-payment')).not.toBeNull());
    expect(byTestId('rejection-reason')?.textContent).toBe('Reason: The transfer has not arrived in our account.');
    const reasons = allByTestId('payment-rejection-reason').map((element) => element.textContent);
    // the table (wide screens) and the cards (phones) each say it once, for the rejected payment only
    expect(reasons).toEqual(['Reason: The transfer has not arrived in our account.', 'Reason: The transfer has not arrived in our account.']);
    const action = byTestId('membership-action');
    expect(action?.textContent).toBe(UI_TEXT.resendPayment);
    expect(action?.getAttribute('href')).toBe('/payment-membership');
  });

  it('/dashboard-member: a read that failed keeps saying so while a part mounted later reads it again', async () => {
    const DOWN = 'The server is down for a moment.';
    const calls = signedInAs(publicUser('tari'), { 'GET /auth/me': () => ({ status: 500, body: { message: DOWN } }), 'GET /auth/payment-history': () => ({ status: 500, body: { message: DOWN } }) });
    // every read after a path's first takes 300 ms to fail, as on a slow connection
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      if (calls.some((call) => call.path === path)) await new Promise((resolve) => setTimeout(resolve, 300));
      return answer(input, init);
    });
    // a part of the page that mounts once the page is live and reads the same (the live layers do)
    const LateReader = () => {
      useMe();
      usePaymentHistory();
      return null;
    };
    const Page = () => {
      const [late, setLate] = useState(false);
      useEffect(() => {
        const id = setTimeout(() => setLate(true), 400);
        return () => clearTimeout(id);
      }, []);
      return (
        <>
          <MemberDashboard />
          {late ? <LateReader /> : null}
        </>
      );
    };
    mountScreen(<Page />);
    const says = () => document.body.textContent?.includes(DOWN) ?? false;
    await waitFor(() => expect(says()).toBe(true), 1_400);
    const readsBefore = calls.length;
    // through the late part's reads the screen never goes back to "Loading"
    for (let at = 0; at < 1_400; at += 50) {
      expect(byTestId('dashboard-loading')).toBeNull();
      expect(says()).toBe(true);
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }
    expect(calls.filter((call) => call.path === '/auth/me')).toHaveLength(2);
    expect(calls.length).toBeGreaterThan(readsBefore);
  });

  it('/payment-membership: the rejection with its reason and "Kirim Ulang Pembayaran" to the form; the history below', async () => {
    signedInWith(publicUser('tari'), [rejected]);
    mountScreen(<PaymentMembership />);
    await waitFor(() => expect(byTestId('rejected-payment')).not.toBeNull());
    expect(byTestId('rejection-reason')?.textContent).toContain('The transfer has not arrived in our account.');
    const scroll = vi.fn();
    document.getElementById('payment-form')!.scrollIntoView = scroll;
    click(byTestId('resend-payment'));
    expect(scroll).toHaveBeenCalled();
    expect(allByTestId('payment-rejection-reason')).toHaveLength(2);
  });

  it('/payment-membership: another tier starts at the approval, the same tier continues from the current end', async () => {
    const end = new Date(Date.now() + 40 * DAY);
    end.setHours(12);
    const member = publicUser('budi', { role: 'member', membershipTier: 'basic', duration: 'yearly', membershipEnd: end.toISOString() });
    signedInWith(member, [payment({ membershipTier: 'basic', duration: 'yearly' })]);
    mountScreen(<PaymentMembership />);
    await waitFor(() => expect(byTestId('period-note')).not.toBeNull());
    const day = `${String(end.getDate()).padStart(2, '0')}/${String(end.getMonth() + 1).padStart(2, '0')}/${end.getFullYear()}`;
    await waitFor(() => expect(byTestId('period-note')?.textContent).toBe(`Your new period continues from your current end, ${day}.`));
    click(byTestId('tier-expert'));
    expect(byTestId('period-note')?.textContent).toBe('Your Expert month starts when the payment is approved.');
    click(buttonNamed('Yearly'));
    expect(byTestId('period-note')?.textContent).toBe('Your Expert year starts when the payment is approved.');
    expect(byTestId('rejected-payment')).toBeNull();
  });

  it('a rejection without a reason says so without one', async () => {
    signedInWith(publicUser('tari', { trialExpiresAt: iso(DAY) }), [payment({ status: 'rejected' })]);
    mountScreen(<MemberDashboard />);
    await waitFor(() => expect(byTestId('rejected-payment')).not.toBeNull());
    expect(byTestId('rejection-reason')).toBeNull();
    expect(allByTestId('payment-rejection-reason')).toHaveLength(0);
  });
});

describe('/payment-membership: what each tier adds', () => {
  const mountScreen = mountPerTest();

  /** A plan's rows as "✓ label" / "✗ label", in order. */
  const rows = (tier: string) =>
    [...(byTestId(`plan-${tier}`)?.querySelectorAll('li') ?? [])].map((row) => `${row.getAttribute('data-included') === 'true' ? '✓' : '✗'} ${row.getAttribute('data-feature')}`);

  it("compares the three tiers row by row, the pro member's own marked 'Your plan'; choosing still sets the price", async () => {
    const member = publicUser('budi', { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: iso(20 * DAY) });
    signedInWith(member, [payment({})]);
    mountScreen(<PaymentMembership />);
    await waitFor(() => expect(byTestId('tier-comparison')).not.toBeNull());
    expect(rows('basic')).toEqual(['✓ chart', '✓ room', '✓ admins', '✗ levels', '✗ analysis']);
    expect(rows('pro')).toEqual(['✓ chart', '✓ room', '✓ admins', '✓ levels', '✗ analysis']);
    expect(rows('expert')).toEqual(['✓ chart', '✓ room', '✓ admins', '✓ levels', '✓ analysis']);
    // readers hear what a plan lacks, not only a cross
    expect(byTestId('plan-basic')?.querySelector('[data-feature="levels"]')?.textContent).toBe("Open signals' direction, entry, stop-loss and targets, live (not included)");
    // the radio is described by its list
    const pro = byTestId('tier-pro');
    expect(document.getElementById(pro!.getAttribute('aria-describedby')!)?.getAttribute('aria-label')).toBe('What Pro includes');
    await waitFor(() => expect(allByTestId('your-plan')).toHaveLength(1));
    expect(byTestId('plan-pro')?.contains(byTestId('your-plan'))).toBe(true);
    expect(pro?.getAttribute('aria-checked')).toBe('true');

    click(byTestId('plan-expert'));
    expect(byTestId('tier-expert')?.getAttribute('aria-checked')).toBe('true');
    expect(byTestId('transfer-amount')?.textContent).toBe('Rp 200.000');
    expect(byTestId('plan-pro')?.contains(byTestId('your-plan'))).toBe(true);
  });

  it('a trial and an expired member have no plan of their own', async () => {
    for (const user of [
      publicUser('tari', { trialExpiresAt: iso(5 * DAY) }),
      publicUser('eko', { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: iso(-DAY) }),
    ]) {
      signedInWith(user, []);
      const view = mountScreen(<PaymentMembership />);
      await waitFor(() => expect(byTestId('tier-comparison')).not.toBeNull());
      expect(allByTestId('your-plan'), user.username).toHaveLength(0);
      view.unmount();
      useSessionStore.getState().clear();
    }
  });
});

