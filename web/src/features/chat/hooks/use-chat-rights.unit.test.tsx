// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { signInWith } from '@/lib/session-user';
import { loginAs } from '@/lib/test-fixtures';
import { byTestId, render, testQueryClient } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { useChatRights } from './use-chat-rights';

function Rights() {
  const rights = useChatRights();
  return <p data-testid="rights">{rights.canPost ? 'can post' : rights.expired ? 'expired' : 'cannot post'}</p>;
}

describe('useChatRights: rights follow the dates on an open screen', () => {
  afterEach(() => {
    useSessionStore.getState().clear();
    vi.useRealTimers();
  });

  it('a member whose end passes while the room is open can no longer post, with nothing else changing', () => {
    const now = Date.UTC(2026, 10, 26, 5, 0, 0);
    vi.useFakeTimers({ now, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const client = testQueryClient();
    signInWith(client, loginAs('budi', { role: 'member', membershipTier: 'basic', membershipEnd: new Date(now + 60_000).toISOString(), graceEndsAt: null }));
    const view = render(<Rights />, { client });
    expect(byTestId('rights')?.textContent).toBe('can post');
    act(() => vi.advanceTimersByTime(59_000));
    expect(byTestId('rights')?.textContent).toBe('can post');
    act(() => vi.advanceTimersByTime(2_000));
    expect(byTestId('rights')?.textContent).toBe('expired');
    view.unmount();
  });
});
