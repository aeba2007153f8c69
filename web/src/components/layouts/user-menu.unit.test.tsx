// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';

import { ENDED_TIER_BADGE_STYLE, ENDED_TIER_OUTLINES, tierBadgeStyle } from '@/components/ui/tier-badge';
import { loginAs, publicUser } from '@/lib/test-fixtures';
import { byTestId, stubApi, waitFor } from '@/lib/test-render';
import { mountPerTest } from '@/lib/test-session';
import { useSessionStore } from '@/stores/session-store';
import { UserMenu } from './user-menu';

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe("the account menu's tier badge", () => {
  const mountScreen = mountPerTest();

  const mount = (overrides: Parameters<typeof publicUser>[1]) => {
    stubApi({ 'GET /chat/user/chats': () => ({ chats: [] }) });
    const user = publicUser('sari', overrides);
    useSessionStore.getState().signIn(loginAs(user.username, user));
    mountScreen(<UserMenu user={user} />);
    // the menu's content mounts when it opens
    const trigger = byTestId('user-menu-trigger')!;
    act(() => {
      trigger.focus();
      trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
  };

  it("an expired Basic member's tier is the ended outline beside Expired, not a faded fill", async () => {
    mount({ role: 'member', membershipTier: 'basic', membershipEnd: at(-10 * DAY), graceEndsAt: null });
    await waitFor(() => expect(byTestId('tier-badge')).not.toBeNull());
    expect(byTestId('tier-badge')?.getAttribute('data-ended')).toBe('true');
    expect(byTestId('membership-state')?.textContent).toBe('Expired');
    expect(tierBadgeStyle('member', 'basic', true)).toEqual({ ...ENDED_TIER_BADGE_STYLE, borderColor: ENDED_TIER_OUTLINES.basic });
  });

  it('a running or grace membership keeps the tier its fill', async () => {
    mount({ role: 'member', membershipTier: 'basic', membershipEnd: at(10 * DAY), graceEndsAt: null });
    await waitFor(() => expect(byTestId('tier-badge')).not.toBeNull());
    expect(byTestId('tier-badge')?.hasAttribute('data-ended')).toBe(false);
    mount({ role: 'member', membershipTier: 'pro', membershipEnd: at(-DAY), graceEndsAt: at(2 * DAY) });
    await waitFor(() => expect(byTestId('membership-state')?.textContent).toBe('Grace'));
    expect(byTestId('tier-badge')?.hasAttribute('data-ended')).toBe(false);
  });
});
