import type { QueryClient } from '@tanstack/react-query';

import { paths } from '@/config/paths';
import { chatKeys } from '@/features/chat/api/keys';
import { historyKeys } from '@/features/history/api/keys';
import { HOME_FEED_LIMIT, signalKeys } from '@/features/signals/api/keys';

const HOME_FEED_READ = `/api/signals?status=all&limit=${HOME_FEED_LIMIT}`;
const PUBLIC_CHAT_READ = '/api/chat/public';

/**
 * What a server-drawn page shows of the API, by the path the browser reads it from: the API reads
 * these for the page (as a guest, the same answer the browser would get), draws the page with them
 * and sends them along in `#le-server-data`, so that the app's first render is the same page.
 */
export const SERVER_READS: Readonly<Record<string, readonly string[]>> = {
  [paths.home.href]: [HOME_FEED_READ],
  [paths.homeDashboard.href]: [HOME_FEED_READ],
  [paths.history.href]: ['/api/history'],
  [paths.historyDashboard.href]: ['/api/history'],
  [paths.faqChat.href]: [PUBLIC_CHAT_READ],
  [paths.faqChatDashboard.href]: [PUBLIC_CHAT_READ],
};

/**
 * The pages whose drawing is the whole page once its SERVER_READS came: nothing on them is read by
 * the app. Drawn so, a guest's page waits for its reader (app/main.tsx: the app starts at the first
 * touch, key, wheel, scroll, pointer or focus move, or click); what is live on it (the home feed, the chat) goes live
 * then, caught up from what the server read. The others (the signals of /live and /signals) start
 * the app once they have painted: what they show comes with it.
 */
export const WHOLE_WHEN_READ: readonly string[] = [
  paths.home.href,
  paths.homeDashboard.href,
  paths.history.href,
  paths.historyDashboard.href,
  paths.faqChat.href,
  paths.faqChatDashboard.href,
];

/** The id of the `<script type="application/json">` holding the reads of a server-drawn page. */
export const SERVER_DATA_ID = 'le-server-data';

/**
 * Puts a page's reads where its queries look for them: the history's first page as the first page of
 * its list (features/history/api/history.ts), the home feed's signals as its list, the global room's
 * newest page where a guest's conversation looks for it (features/chat/hooks/use-seeded-stream.ts). A read missing (it
 * failed) is left to the page to fetch. `readAt` is when the server read them (in the browser, the
 * page's load): a page taken over minutes later reads again what has gone stale since.
 */
export const seedQueries = (client: QueryClient, reads: Record<string, unknown>, readAt = Date.now()): void => {
  const options = { updatedAt: readAt };
  const history = reads['/api/history'];
  if (history !== undefined && history !== null) client.setQueryData(historyKeys.list(), { pages: [history], pageParams: [null] }, options);
  const feed = reads[HOME_FEED_READ];
  if (feed !== undefined && feed !== null) client.setQueryData(signalKeys.latest(HOME_FEED_LIMIT), feed, options);
  const chat = reads[PUBLIC_CHAT_READ];
  if (chat !== undefined && chat !== null) client.setQueryData(chatKeys.publicPage(), chat, options);
};

/** The reads the server sent with the page, or none (a page the browser draws, or a broken payload). */
export const readServerData = (doc: Document): Record<string, unknown> => {
  const text = doc.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const reads: unknown = JSON.parse(text);
    return reads !== null && typeof reads === 'object' && !Array.isArray(reads) ? (reads as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
