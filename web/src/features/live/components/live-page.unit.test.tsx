// @vitest-environment jsdom
import { UI_TEXT } from '@le/contracts';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { publicUser } from '@/lib/test-fixtures';
import { byTestId, click, waitFor } from '@/lib/test-render';
import { mountPerTest, signedInAs } from '@/lib/test-session';
import { LivePage } from './live-page';

// The chart's script never arrives in jsdom: the member's chart stays loading, which is all these tests look at.
vi.mock('@/features/live/lib/tradingview', () => ({ CHART_SYMBOL: 'XAU/USD', loadTradingView: () => new Promise(() => undefined) }));

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const linkNamed = (text: string) => [...document.querySelectorAll('a')].find((link) => link.textContent?.trim() === text) ?? null;

/** Where the login screen was asked to send the visitor back to. */
function LoginProbe() {
  const state = useLocation().state as { from?: string } | null;
  return <p data-testid="login-probe">{state?.from ?? 'nowhere'}</p>;
}

// The first test pays for loading Chakra and the page, which under a loaded machine can pass 5 s.
describe('/live: the gate offers what the viewer can do next', { timeout: 20_000 }, () => {
  const mountScreen = mountPerTest();
  const mountLive = (pendingPayment = false) =>
    mountScreen(
      <Routes>
        <Route path="/live" element={<LivePage pendingPayment={pendingPayment} />} />
        <Route path="/auth/login" element={<LoginProbe />} />
      </Routes>,
      { path: '/live' },
    );

  it('a guest: Sign In, which asks the login screen to come back to /live, and Sign Up', async () => {
    mountLive();
    await waitFor(() => expect(byTestId('live-gate')).not.toBeNull());
    expect(byTestId('live-gate')?.textContent).toContain(UI_TEXT.liveGate);
    expect(linkNamed('Sign Up')?.getAttribute('href')).toBe('/auth/register');
    click(linkNamed('Sign In'));
    await waitFor(() => expect(byTestId('login-probe')?.textContent).toBe('/live'));
  });

  it('a trial: "Choose a membership", never sign-in or sign-up', async () => {
    signedInAs(publicUser('tari', { trialExpiresAt: iso(7 * DAY) }));
    mountLive();
    await waitFor(() => expect(byTestId('viewer-action')).not.toBeNull());
    expect(byTestId('viewer-action')?.textContent).toBe('Choose a membership');
    expect(byTestId('viewer-action')?.getAttribute('href')).toBe('/payment-membership');
    expect(linkNamed('Sign In')).toBeNull();
    expect(linkNamed('Sign Up')).toBeNull();
  });

  it('a trial with a payment waiting: sees it instead of paying again', async () => {
    signedInAs(publicUser('tari', { trialExpiresAt: iso(7 * DAY) }));
    mountLive(true);
    await waitFor(() => expect(byTestId('viewer-action')).not.toBeNull());
    expect(byTestId('viewer-action')?.getAttribute('href')).toBe('/dashboard-member');
    expect(byTestId('live-gate-reason')?.textContent).toContain('waiting for an admin');
  });

  it('an expired member: when it ended and "Renew membership"', async () => {
    const end = new Date(Date.now() - DAY);
    signedInAs(publicUser('eko', { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: end.toISOString() }));
    mountLive();
    await waitFor(() => expect(byTestId('viewer-action')).not.toBeNull());
    expect(byTestId('viewer-action')?.textContent).toBe('Renew membership');
    expect(byTestId('live-gate')?.textContent).toMatch(/Your membership ended on \d{2}\/\d{2}\/\d{4}\./);
    expect(linkNamed('Sign Up')).toBeNull();
  });

  it('an active member: the chart, no gate', async () => {
    signedInAs(publicUser('budi', { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: iso(20 * DAY) }));
    mountLive();
    await waitFor(() => expect(byTestId('live-chart')).not.toBeNull());
    expect(byTestId('live-gate')).toBeNull();
  });
});
