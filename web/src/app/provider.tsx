import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';

import { system } from '@/components/ui/system';
import { queryClient } from '@/lib/query-client';

// Toasts are rare (errors); their machine loads after the first paint instead of with the entry.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={system}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ChakraProvider>
    </QueryClientProvider>
  );
}
