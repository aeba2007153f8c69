import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense, lazy, useState } from 'react';

import { AfterHydration } from '@/components/ui/after-hydration';
import { system } from '@/components/ui/system';
import { createQueryClient, queryClient } from '@/lib/query-client';

// Toasts are rare (errors, confirmations); their machine loads right after hydration, beside the
// page rather than in its first paint. A toast created before that waits in the toaster's store.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * Chakra's global styles (the reset, the theme's globals and every token as a CSS variable, ~50 KB)
 * are drawn by the server into the head of every document, and stay there. The browser's provider is
 * given none, so hydration does not serialize them all again to find they are already there.
 */
const systemOfPage = typeof document === 'undefined' ? system : { ...system, _global: [] };

/** The browser's one query client; on the server, one per drawn page (what one reader's page read is not another's). */
const useQueryClientOfPage = () => useState(() => (typeof document === 'undefined' ? createQueryClient() : queryClient))[0];

export function AppProvider({ children }: { children: ReactNode }) {
  const client = useQueryClientOfPage();
  return (
    <QueryClientProvider client={client}>
      <ChakraProvider value={systemOfPage}>
        {children}
        <AfterHydration>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AfterHydration>
      </ChakraProvider>
    </QueryClientProvider>
  );
}
