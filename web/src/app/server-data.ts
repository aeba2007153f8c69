import type { QueryClient } from '@tanstack/react-query';

import { paths } from '@/config/paths';
import { historyKeys } from '@/features/history/api/keys';

/**
 * What a server-drawn page shows of the API, by the path the browser reads it from: the API reads
 * these for the page (as a guest, the same answer the browser would get), draws the page with them
 * and sends them along in `#le-server-data`, so that the app's first render is the same page.
 */
export const SERVER_READS: Readonly<Record<string, readonly string[]>> = {
  [paths.history.href]: ['/api/history'],
  [paths.historyDashboard.href]: ['/api/history'],
};

/** The id of the `<script type="application/json">` holding the reads of a server-drawn page. */
export const SERVER_DATA_ID = 'le-server-data';

/**
 * Puts a page's reads where its queries look for them: the history's first page as the first page of
 * its list (features/history/api/history.ts). A read missing (it failed) is left to the page to fetch.
 */
export const seedQueries = (client: QueryClient, reads: Record<string, unknown>): void => {
  const history = reads['/api/history'];
  if (history !== undefined && history !== null) client.setQueryData(historyKeys.list(), { pages: [history], pageParams: [null] });
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
