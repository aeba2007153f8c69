import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';

import { AfterLoad } from '@/components/ui/after-load';
import { system } from '@/components/ui/system';
import { queryClient } from '@/lib/query-client';

// Toasts are rare (errors, confirmations); their machine loads once the page has loaded and the
// browser is idle, not with the entry nor beside the first paint. A toast created before that waits
// in the toaster's store and shows when it mounts.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * Chakra's global styles (its reset, base and the tokens' CSS variables) are in the head of a page the
 * server drew (entry-server.tsx), as `Global` leaves them: the app leaves them there, instead of
 * computing them again (~60 ms on a laptop, four times that on a phone, in one task) to find the same
 * text. Chakra's system computes them when first read (patches/@chakra-ui__react@3.37.0.patch); this
 * copy of it reads none, and they stay for the page's life, as they never change. Elsewhere (a page
 * the app draws, the server's own render) the system draws them as usual.
 */
const withoutGlobals = (): typeof system =>
  Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(system), _global: { value: [] } }) as typeof system;

const pageSystem =
  typeof document !== 'undefined' && document.querySelector('style[data-emotion^="css-global"]') !== null ? withoutGlobals() : system;

/** `client`: the app's one query client, or the server's own for one page (app/entry-server.tsx). */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ChakraProvider value={pageSystem}>
        {children}
        <AfterLoad>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AfterLoad>
      </ChakraProvider>
    </QueryClientProvider>
  );
}
