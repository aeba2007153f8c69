// @vitest-environment jsdom
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loginAs } from '@/lib/test-fixtures';
import { byTestId, render, waitFor } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { ADMIN_ONLY_NOTICE, RequireAdmin } from './route-guards';

const create = vi.fn();
vi.mock('@/components/ui/toaster', () => ({ toaster: { create: (options: unknown) => create(options) } }));

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <p data-testid="where">{`${location.pathname}${from ? ` from ${from}` : ''}`}</p>;
}

const mount = () =>
  render(
    <Routes>
      <Route
        path="/manage-membership"
        element={
          <RequireAdmin>
            <p data-testid="admin-page">admin page</p>
          </RequireAdmin>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/manage-membership' },
  );

// The first test pays for loading Chakra and the page, which under a loaded machine can pass 5 s.
describe('the admin guard', { timeout: 20_000 }, () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
    useSessionStore.getState().clear();
    create.mockClear();
  });

  it('a signed-in member is told why and taken to their own dashboard, not the login screen', async () => {
    useSessionStore.getState().signIn(loginAs('budi', { role: 'member', membershipTier: 'pro' }));
    view = mount();
    await waitFor(() => expect(byTestId('where')?.textContent).toBe('/dashboard-member'));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: ADMIN_ONLY_NOTICE })));
    expect(ADMIN_ONLY_NOTICE).toBe('That page is for admins.');
    expect(byTestId('admin-page')).toBeNull();
  });

  it('a guest goes to the login screen, which will bring them back', async () => {
    view = mount();
    await waitFor(() => expect(byTestId('where')?.textContent).toBe('/auth/login from /manage-membership'));
    expect(create).not.toHaveBeenCalled();
  });

  it('an admin sees the page', async () => {
    useSessionStore.getState().signIn(loginAs('boss', { role: 'admin', membershipTier: 'admin' }));
    view = mount();
    await waitFor(() => expect(byTestId('admin-page')).not.toBeNull());
    expect(create).not.toHaveBeenCalled();
  });
});
