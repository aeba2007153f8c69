import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense, lazy, useState } from 'react';

import { AfterHydration } from '@/components/ui/after-hydration';
import { type AppSystem, appSystem } from '@/components/ui/system';
import { unpackTokenDictionary } from '@/components/ui/token-dictionary';
import packedTokens from 'virtual:le-token-dictionary';
import { createQueryClient, queryClient } from '@/lib/query-client';

// Toasts are rare (errors, confirmations); their machine loads right after hydration, beside the
// page rather than in its first paint. A toast created before that waits in the toaster's store.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * Chakra's global styles (the order of its layers, the reset, the theme's globals and every token as a
 * CSS variable, ~40 KB) are drawn by the server into the head of every document, and stay there
 * (page-styles.ts); the browser's system gives the provider none of them, so hydration neither
 * serializes them again nor moves the server's tags. The system is made at the first render
 * (components/ui/system.ts), the browser's from the token dictionary made at build time.
 */
const systemOfPage = (): AppSystem => {
  if (typeof document === 'undefined') return appSystem({ globals: true });
  const packed = packedTokens;
  // null where this module is run as the server's (the unit tests, in jsdom): the dictionary is made here then
  return appSystem({ globals: false, tokens: packed ? () => ({ tokens: unpackTokenDictionary(packed), categoryKeys: packed.categoryKeys }) : undefined });
};

/** The browser's one query client; on the server, one per drawn page (what one reader's page read is not another's). */
const useQueryClientOfPage = () => useState(() => (typeof document === 'undefined' ? createQueryClient() : queryClient))[0];

export function AppProvider({ children }: { children: ReactNode }) {
  const client = useQueryClientOfPage();
  const [system] = useState(systemOfPage);
  return (
    <QueryClientProvider client={client}>
      <ChakraProvider value={system}>
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
