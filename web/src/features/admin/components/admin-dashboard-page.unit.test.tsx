// @vitest-environment jsdom
import type { AdminStats } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { loginAs } from '@/lib/test-fixtures';
import { allByTestId, byTestId, stubApi, waitFor } from '@/lib/test-render';
import { mountPerTest } from '@/lib/test-session';
import { useSessionStore } from '@/stores/session-store';
import { AdminDashboardPage } from './admin-dashboard-page';

const months = Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, '0')}`);

const stats: AdminStats = {
  membersByTier: { basic: 4, pro: 2, expert: 1, trial: 9, expired: 3 },
  pendingPayments: 1,
  trialsEndingSoon: [],
  onlineUsers: [],
  messagesToday: 0,
  revenueByMonth: months.map((month, index) => ({ month, amount: index === 11 ? 1_250_000 : index * 50_000 })),
  renewalsDue: [
    { _id: 'u1', username: 'sari', name: 'Sari Wulandari', email: 'sari@example.com', membershipTier: 'expert', membershipEnd: '2026-01-03T10:00:00.000Z', graceEndsAt: '2026-01-06T10:00:00.000Z' },
    { _id: 'u2', username: 'budi', name: 'Budi', email: 'budi@example.com', membershipTier: 'pro', membershipEnd: '2026-01-05T10:00:00.000Z', graceEndsAt: null },
  ],
};

describe('/dashboard money (contract §9)', () => {
  const mountScreen = mountPerTest();

  it('draws revenue by month and members by tier (loaded lazily), and lists the renewals due, each a link to that member', async () => {
    stubApi({ 'GET /admin/stats': () => stats });
    useSessionStore.getState().signIn(loginAs('boss', { role: 'admin', membershipTier: 'admin' }));
    mountScreen(<AdminDashboardPage />);
    await waitFor(() => expect(allByTestId('renewal-due')).toHaveLength(2));
    const [sari] = allByTestId('renewal-due');
    expect(sari!.querySelector('a')?.getAttribute('href')).toBe('/manage-membership?q=sari');
    expect(sari!.textContent).toContain('grace until');

    await waitFor(() => expect(byTestId('revenue-chart')).not.toBeNull(), 10_000);
    const rows = [...byTestId('revenue-chart')!.querySelectorAll('table tr')].map((row) => row.textContent);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toBe('Jan 2025Rp 0');
    expect(rows[11]).toBe('Dec 2025Rp 1.250.000');
    const tiers = byTestId('tier-chart')!.textContent;
    for (const text of ['Basic', 'Pro', 'Expert', 'Trial', 'Expired']) expect(tiers).toContain(text);
  });
});
