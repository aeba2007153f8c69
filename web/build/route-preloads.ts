import type { Plugin } from 'vite';
import { isServerBuild } from './server-render.ts';
import { paths } from '../src/config/paths.ts';

/** The name of the file the build writes beside index.html, read by the API (web-app plugin). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Which route module (web/src/app/routes/<name>.tsx) draws each address, as router.tsx lazy-loads
 * them. The unit test holds this table to router.tsx and to every address of config/paths.
 */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  [paths.home.href]: 'home',
  [paths.history.href]: 'history',
  [paths.live.href]: 'live',
  [paths.signals.href]: 'signals',
  [paths.faqChat.href]: 'faq-chat',
  [paths.homeDashboard.href]: 'home',
  [paths.historyDashboard.href]: 'history',
  [paths.faqChatDashboard.href]: 'faq-chat',
  [paths.liveDashboard.href]: 'live',
  [paths.logActivity.href]: 'log-activity',
  [paths.adminDashboard.href]: 'admin-dashboard',
  [paths.manageMembership.href]: 'manage-membership',
  [paths.manageHistory.href]: 'manage-history',
  [paths.manageHistoryCreate.href]: 'manage-history-create',
  [paths.chatAdmin.href]: 'chat-admin',
  [paths.paymentMembership.href]: 'payment-membership',
  [paths.settings.href]: 'settings',
  [paths.dashboardMember.href]: 'dashboard-member',
  [paths.chatUser.href]: 'chat-user',
  [paths.auth.login.href]: 'auth/login',
  [paths.auth.register.href]: 'auth/register',
  [paths.auth.verifyEmail.href]: 'auth/verify-email',
  [paths.auth.forgotPassword.href]: 'auth/forgot-password',
  [paths.auth.resetPassword.href]: 'auth/reset-password',
  [paths.auth.notFound.href]: 'not-found',
};

/** What the preload computation needs of a built chunk (Rolldown's output chunk has more). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

const closure = (start: string[], chunks: Map<string, BuiltChunk>): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return seen;
};

/** The app's start (app/boot.tsx), which the entry imports once the page has painted (app/main.tsx). */
export const BOOT_MODULE = '/src/app/boot.tsx';

const lazyChunk = (chunks: BuiltChunk[], suffix: string, what: string): BuiltChunk => {
  const chunk = chunks.find((candidate) => candidate.isDynamicEntry && candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
  if (!chunk) throw new Error(`route-preloads: no lazily loaded chunk for ${suffix} (${what})`);
  return chunk;
};

/**
 * For each address, the scripts it runs beyond what index.html loads already: the app's start
 * (app/boot.tsx, with the shell) and its page's module, each chunk with the chunks it imports, in that
 * order, as absolute URLs under `base`. Throws when one of them was not built as a lazily loaded chunk
 * (a renamed route file, say).
 */
export const routePreloads = (chunks: BuiltChunk[], base = '/'): Record<string, string[]> => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loadedByIndex = closure(
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
    byFile,
  );
  const boot = lazyChunk(chunks, BOOT_MODULE, 'the app’s start');
  const result: Record<string, string[]> = {};
  for (const [address, module] of Object.entries(ROUTE_MODULES)) {
    const chunk = lazyChunk(chunks, `/src/app/routes/${module}.tsx`, `the page of ${address}`);
    result[address] = [...closure([boot.fileName, chunk.fileName], byFile)].filter((file) => !loadedByIndex.has(file)).map((file) => `${base}${file}`);
  }
  return result;
};

/**
 * The Vite plugin: writes route-preloads.json, so that the API can name a page's own scripts in the
 * HTML it sends for that address (`<link rel="modulepreload">`). Without it the browser learns of the
 * page's chunk only once the entry has run and the router has matched the address: one round trip
 * and the entry's whole start-up later.
 */
export const routePreloadsPlugin = (): Plugin => {
  let base = '/';
  return {
    name: 'le-route-preloads',
    apply: (_config, env) => env.command === 'build' && !isServerBuild(env),
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is typeof output & BuiltChunk => output.type === 'chunk');
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(routePreloads(chunks, base), null, 2)}\n` });
    },
  };
};
