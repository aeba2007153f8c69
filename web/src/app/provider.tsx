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

/** `client`: the app's one query client, or the server's own for one page (app/entry-server.tsx). */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ChakraProvider value={system}>
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
