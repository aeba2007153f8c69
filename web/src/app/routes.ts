import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// React Router's CLI reads this file without the app's `@/` alias.
// eslint-disable-next-line no-restricted-imports
import { paths } from '../config/paths';

/** A path of the map (config/paths.ts) as a child of the root: no leading slash. */
const at = (path: string) => path.replace(/^\//, '');

/**
 * The route table (spec §2). Public pages are drawn on the server with what their loaders read; the
 * signed-in areas (member, admin) draw a spinner there and render in the browser, where the session
 * is. Addresses that show the same page (`/` and `/home-dashboard`) share a module under their own id.
 */
export default [
  layout('routes/layout-public.tsx', [
    index('routes/home.tsx'),
    route(at(paths.history.path), 'routes/history.tsx'),
    route(at(paths.live.path), 'routes/live.tsx'),
    route(at(paths.signals.path), 'routes/signals.tsx'),
    route(at(paths.faqChat.path), 'routes/faq-chat.tsx'),
    route(at(paths.homeDashboard.path), 'routes/home.tsx', { id: 'home-dashboard' }),
    route(at(paths.historyDashboard.path), 'routes/history.tsx', { id: 'history-dashboard' }),
    route(at(paths.faqChatDashboard.path), 'routes/faq-chat.tsx', { id: 'faq-chat-dashboard' }),
    route(at(paths.liveDashboard.path), 'routes/live.tsx', { id: 'live-dashboard' }),
    // One 404 page: an unknown public path, and /auth/404, where every unknown /auth path goes.
    route(at(paths.auth.notFound.path), 'routes/not-found.tsx', { id: 'auth-not-found' }),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('routes/layout-member.tsx', [
    route(at(paths.paymentMembership.path), 'routes/payment-membership.tsx'),
    route(at(paths.settings.path), 'routes/settings.tsx'),
    route(at(paths.dashboardMember.path), 'routes/dashboard-member.tsx'),
    route(at(paths.chatUser.path), 'routes/chat-user.tsx'),
  ]),
  layout('routes/layout-admin.tsx', [
    route(at(paths.logActivity.path), 'routes/log-activity.tsx'),
    route(at(paths.adminDashboard.path), 'routes/admin-dashboard.tsx'),
    route(at(paths.manageMembership.path), 'routes/manage-membership.tsx'),
    route(at(paths.manageHistory.path), 'routes/manage-history.tsx'),
    route(at(paths.manageHistoryCreate.path), 'routes/manage-history-create.tsx'),
    route(at(paths.chatAdmin.path), 'routes/chat-admin.tsx'),
    route(at(paths.moderation.path), 'routes/moderation.tsx'),
  ]),
  route(at(paths.auth.root.path), 'routes/layout-auth.tsx', [
    index('routes/auth/index.tsx'),
    // The login screen stays open when signed in, so that one can sign in with another account.
    route('login', 'routes/auth/login.tsx'),
    // The sign-in screens are for visitors without a session (spec §2: unauthenticated).
    layout('routes/layout-guest-only.tsx', [
      route('register', 'routes/auth/register.tsx'),
      route('verify-email', 'routes/auth/verify-email.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      route('reset-password', 'routes/auth/reset-password.tsx'),
    ]),
    // Spec §8: any other /auth path goes to /auth/404.
    route('*', 'routes/auth/index.tsx', { id: 'auth-other' }),
  ]),
] satisfies RouteConfig;
