import { HydrationBoundary, QueryClient, dehydrate, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';

/** What a public page's loader gives its page: the queries it read on the server, or none. */
export interface PageReads {
  reads: DehydratedState | null;
}

/**
 * A public page's loader: each read (made by the API's services as a guest sees it) put under the
 * query key the page's own hooks use, so that the server draws the page whole and the browser's first
 * render finds the same data. A read that fails is left to the page, which reads it again itself.
 */
export const readForPage = async (reads: ReadonlyArray<readonly [QueryKey, () => Promise<unknown>]>): Promise<PageReads> => {
  const client = new QueryClient();
  await Promise.all(
    reads.map(async ([key, read]) => {
      try {
        client.setQueryData(key, await read());
      } catch {
        // the page shows its own loading state and reads it in the browser
      }
    }),
  );
  return { reads: dehydrate(client) };
};

/**
 * A public page's client loader: in the app, going to a page reads nothing from the server's loader
 * (the page's queries read for themselves, from the cache when fresh); only the first page of a visit
 * comes with the server's reads.
 */
export const readInBrowser = (): PageReads => ({ reads: null });

/** The page with what its loader read, in the query cache before its first render. */
export function WithPageReads({ children }: { children: ReactNode }) {
  const data = useLoaderData() as PageReads | undefined;
  return <HydrationBoundary state={data?.reads ?? undefined}>{children}</HydrationBoundary>;
}
