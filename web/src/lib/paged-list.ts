import type { InfiniteData } from '@tanstack/react-query';

/** A cursor page of the API: its rows under one name, and where the next page starts (null: none). */
export type CursorPage<K extends string, T> = Record<K, T[]> & { nextCursor: string | null };

/** For `useInfiniteQuery`: the first page has no cursor; each next one starts `?before=` the last. */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (page: { nextCursor: string | null }): string | null => page.nextCursor,
};

/**
 * The rows of every page loaded, in order, each once: a row pushed onto the next page by a newer
 * one while the list was read arrives twice, and the first copy stands.
 */
export function flattenPages<K extends string, T extends { _id: string }>(data: InfiniteData<CursorPage<K, T>> | undefined, key: K): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of data.pages) {
    for (const row of page[key]) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      rows.push(row);
    }
  }
  return rows;
}

/** The same pages with their rows changed (one replaced after an edit, one gone after a delete). */
export function updatePagedRows<K extends string, P extends Record<K, unknown[]>>(
  data: InfiniteData<P> | undefined,
  key: K,
  change: (rows: P[K]) => P[K],
): InfiniteData<P> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, [key]: change(page[key]) })) };
}
