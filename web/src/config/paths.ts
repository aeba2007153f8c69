/** Every route of the app (spec §2 route table), in one map. `path` is for the router, `href` for links. */
const route = <P extends string>(path: P) => ({ path, href: path });

export const paths = {
  home: route('/'),
  history: route('/history'),
  live: route('/live'),
  signals: route('/signals'),
  faqChat: route('/faq-chat'),

  homeDashboard: route('/home-dashboard'),
  historyDashboard: route('/history-dashboard'),
  faqChatDashboard: route('/faq-chat-dashboard'),
  liveDashboard: route('/live-dashboard'),

  logActivity: route('/log-activity'),
  adminDashboard: route('/dashboard'),
  manageMembership: route('/manage-membership'),
  manageHistory: route('/manage-history'),
  manageHistoryCreate: route('/manage-history/create'),
  chatAdmin: route('/chat-admin'),
  moderation: route('/moderation'),

  paymentMembership: route('/payment-membership'),
  settings: route('/settings'),
  dashboardMember: route('/dashboard-member'),
  chatUser: route('/chat-user'),

  auth: {
    root: route('/auth'),
    login: route('/auth/login'),
    register: route('/auth/register'),
    verifyEmail: route('/auth/verify-email'),
    forgotPassword: route('/auth/forgot-password'),
    resetPassword: route('/auth/reset-password'),
    notFound: route('/auth/404'),
  },
} as const;

/** Navigation state the auth screens pass to each other (email prefill, where to return, notices). */
export interface AuthNavigationState {
  email?: string;
  from?: string;
  notice?: string;
  /** A code was mailed just now (after registering): start the resend cooldown on arrival. */
  codeSent?: boolean;
}

/** Where signing in leads: back to the page a guard sent the visitor from, else Home (never into /auth). */
export const signInTarget = (state: AuthNavigationState | null | undefined): string => {
  const from = state?.from;
  return from && from.startsWith('/') && !from.startsWith(paths.auth.root.href) ? from : paths.home.href;
};
