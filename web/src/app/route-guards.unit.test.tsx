// @vitest-environment jsdom
import { act, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Outlet, Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loginAs } from '@/lib/test-fixtures';
import { byTestId, render, waitFor } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { ADMIN_ONLY_NOTICE, RequireAdmin, RequireAuth } from './route-guards';

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

describe('the logged-in guard', { timeout: 20_000 }, () => {
  it('asks for the login screen once while it loads, however often the guarded layout draws again', async () => {
    // The login screen's code comes slowly (a slow connection); meanwhile the layout above the
    // guard draws again, as the app's layouts do on every change of the router's state.
    let release: () => void = () => undefined;
    const loads = vi.fn(() => new Promise<null>((resolve) => (release = () => resolve(null))));
    let redraw: () => void = () => undefined;
    function Layout() {
      const [count, setCount] = useState(0);
      useEffect(() => void (redraw = () => setCount((n) => n + 1)), []);
      return (
        <RequireAuth>
          <p data-count={count}>member page</p>
          <Outlet />
        </RequireAuth>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/settings', element: <Layout /> },
        { path: '/auth/login', loader: loads, element: <Where /> },
      ],
      { initialEntries: ['/settings'] },
    );
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<RouterProvider router={router} />));
    await waitFor(() => expect(loads).toHaveBeenCalled());
    for (let i = 0; i < 5; i += 1) await act(async () => redraw());
    expect(loads).toHaveBeenCalledTimes(1);
    await act(async () => release());
    await waitFor(() => expect(byTestId('where')?.textContent).toBe('/auth/login from /settings'));
    act(() => root.unmount());
    container.remove();
  });
});
