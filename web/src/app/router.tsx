import type { ComponentType } from 'react';
import { Navigate, Outlet, RouterProvider, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { AppShell, PublicShell } from './layouts';
import { AppRoot } from './root';
import { RequireAdmin, RequireAuth, RequireGuest } from './route-guards';

/** Every page is its own chunk: the entry holds only the shell (layouts, top bar, session). */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const home = page(() => import('./routes/home'), (m) => m.HomeRoute);
const history = page(() => import('./routes/history'), (m) => m.HistoryRoute);
const live = page(() => import('./routes/live'), (m) => m.LiveRoute);
const signals = page(() => import('./routes/signals'), (m) => m.SignalsRoute);
const faqChat = page(() => import('./routes/faq-chat'), (m) => m.FaqChatRoute);
const notFound = page(() => import('./routes/not-found'), (m) => m.NotFoundRoute);

const child = (path: string) => path.replace(/^\//, '');

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    HydrateFallback: PageSpinner,
    children: [
      {
        element: (
          <PublicShell>
            <Outlet />
          </PublicShell>
        ),
        children: [
          { index: true, lazy: home },
          { path: child(paths.history.path), lazy: history },
          { path: child(paths.live.path), lazy: live },
          { path: child(paths.signals.path), lazy: signals },
          { path: child(paths.faqChat.path), lazy: faqChat },
          { path: child(paths.homeDashboard.path), lazy: home },
          { path: child(paths.historyDashboard.path), lazy: history },
          { path: child(paths.faqChatDashboard.path), lazy: faqChat },
          { path: child(paths.liveDashboard.path), lazy: live },
          // One 404 page: an unknown public path, and /auth/404, where every unknown /auth path goes.
          { path: child(paths.auth.notFound.path), lazy: notFound },
          { path: '*', lazy: notFound },
        ],
      },
      {
        element: (
          <RequireAuth>
            <AppShell>
              <Outlet />
            </AppShell>
          </RequireAuth>
        ),
        children: [
          {
            path: child(paths.paymentMembership.path),
            lazy: page(() => import('./routes/payment-membership'), (m) => m.PaymentMembershipRoute),
          },
          { path: child(paths.settings.path), lazy: page(() => import('./routes/settings'), (m) => m.SettingsRoute) },
          { path: child(paths.dashboardMember.path), lazy: page(() => import('./routes/dashboard-member'), (m) => m.DashboardMemberRoute) },
          { path: child(paths.chatUser.path), lazy: page(() => import('./routes/chat-user'), (m) => m.ChatUserRoute) },
        ],
      },
      {
        element: (
          <RequireAdmin>
            <AppShell>
              <Outlet />
            </AppShell>
          </RequireAdmin>
        ),
        children: [
          { path: child(paths.logActivity.path), lazy: page(() => import('./routes/log-activity'), (m) => m.LogActivityRoute) },
          { path: child(paths.adminDashboard.path), lazy: page(() => import('./routes/admin-dashboard'), (m) => m.AdminDashboardRoute) },
          {
            path: child(paths.manageMembership.path),
            lazy: page(() => import('./routes/manage-membership'), (m) => m.ManageMembershipRoute),
          },
          { path: child(paths.manageHistory.path), lazy: page(() => import('./routes/manage-history'), (m) => m.ManageHistoryRoute) },
          {
            path: child(paths.manageHistoryCreate.path),
            lazy: page(() => import('./routes/manage-history-create'), (m) => m.ManageHistoryCreateRoute),
          },
          { path: child(paths.chatAdmin.path), lazy: page(() => import('./routes/chat-admin'), (m) => m.ChatAdminRoute) },
        ],
      },
      {
        path: child(paths.auth.root.path),
        element: (
          <AuthLayout>
            <Outlet />
          </AuthLayout>
        ),
        children: [
          { index: true, element: <Navigate to={paths.auth.notFound.href} replace /> },
          // The login screen stays open when signed in, so that one can sign in with another account.
          { path: 'login', lazy: page(() => import('./routes/auth/login'), (m) => m.LoginRoute) },
          {
            // The sign-in screens are for visitors without a session (spec §2: unauthenticated).
            element: (
              <RequireGuest>
                <Outlet />
              </RequireGuest>
            ),
            children: [
              { path: 'register', lazy: page(() => import('./routes/auth/register'), (m) => m.RegisterRoute) },
              { path: 'verify-email', lazy: page(() => import('./routes/auth/verify-email'), (m) => m.VerifyEmailRoute) },
              { path: 'forgot-password', lazy: page(() => import('./routes/auth/forgot-password'), (m) => m.ForgotPasswordRoute) },
              { path: 'reset-password', lazy: page(() => import('./routes/auth/reset-password'), (m) => m.ResetPasswordRoute) },
            ],
          },
          // Spec §8: any other /auth path goes to /auth/404.
          { path: '*', element: <Navigate to={paths.auth.notFound.href} replace /> },
        ],
      },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | null = null;
/** The browser's router, made on first use (the prerender imports `routes` without a window). */
export const getRouter = () => (browserRouter ??= createBrowserRouter(routes));

// A 401 on an authenticated call ends the session (API client); then leave for the login screen.
setUnauthorizedHandler(() => {
  const router = getRouter();
  if (!router.state.location.pathname.startsWith(paths.auth.root.href)) {
    void router.navigate(paths.auth.login.href, { replace: true });
  }
});

export function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}
