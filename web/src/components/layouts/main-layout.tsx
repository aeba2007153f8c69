import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { useSessionStore } from '@/stores/session-store';
import { Footer } from './footer';
import { GraceBanner } from './grace-banner';
import { TOP_BAR_HEIGHT, TopBar } from './top-bar';

/** Public pages: the top bar always, the page, the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg">
      <TopBar />
      {/* At least a screen high: the footer starts below the fold, so a page that grows as its
          data arrives never pushes a visible footer down (no layout shift). */}
      <Box as="main" id="main" flex="1" pt={TOP_BAR_HEIGHT} minW="0" minH="100dvh">
        <GraceBanner />
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}

/**
 * The shared layout of the signed-in routes (spec §2): a fixed top bar, shown only when a stored user
 * exists, above a scrollable dark content area that renders the page.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const hasUser = useSessionStore((state) => state.user !== null);
  return (
    <Box minH="100dvh" bg="bg">
      {hasUser ? <TopBar /> : null}
      <Box
        as="main"
        id="main"
        pt={hasUser ? TOP_BAR_HEIGHT : '0'}
        minH="100dvh"
        overflowY="auto"
        bgGradient="to-b"
        gradientFrom="bg"
        gradientTo="bg.subtle"
      >
        <GraceBanner />
        {children}
      </Box>
    </Box>
  );
}
