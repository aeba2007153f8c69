// @vitest-environment jsdom
import type { PublicUser } from '@le/contracts';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { publicUser } from '@/lib/test-fixtures';
import { openReportsKey, useOpenReports } from '@/lib/open-reports';
import { byTestId, render, testQueryClient } from '@/lib/test-render';
import { meKeys } from './use-me';
import { useTimedOutUntil } from './use-timed-out-until';

function Probe() {
  return (
    <>
      <span data-testid="until">{useTimedOutUntil() ?? 'none'}</span>
      <span data-testid="reports">{useOpenReports()}</span>
    </>
  );
}

describe('what the shell derives from the cached queries', () => {
  afterEach(() => vi.useRealTimers());

  it('the timeout is /auth/me’s, follows its patches, and ends by itself at its time', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T10:00:00.000Z') });
    const client = testQueryClient();
    const view = render(<Probe />, { client });
    expect(byTestId('until')?.textContent).toBe('none');
    const until = '2026-11-26T10:05:00.000Z';
    act(() => client.setQueryData<PublicUser>(meKeys.me, { ...publicUser('sari'), timedOutUntil: until }));
    expect(byTestId('until')?.textContent).toBe(until);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 - 1_000));
    expect(byTestId('until')?.textContent).toBe(until);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(byTestId('until')?.textContent).toBe('none');
    // one already over when it arrives is no timeout
    act(() => client.setQueryData<PublicUser>(meKeys.me, { ...publicUser('sari'), timedOutUntil: '2026-11-26T09:00:00.000Z' }));
    expect(byTestId('until')?.textContent).toBe('none');
    view.unmount();
  });

  it('the open reports are the count query’s, 0 until it is read or when it is not a count', () => {
    const client = testQueryClient();
    const view = render(<Probe />, { client });
    expect(byTestId('reports')?.textContent).toBe('0');
    act(() => client.setQueryData(openReportsKey, 3));
    expect(byTestId('reports')?.textContent).toBe('3');
    act(() => client.setQueryData(openReportsKey, -2));
    expect(byTestId('reports')?.textContent).toBe('0');
    act(() => client.clear());
    expect(byTestId('reports')?.textContent).toBe('0');
    view.unmount();
  });
});
