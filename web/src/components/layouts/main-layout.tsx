import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { Footer } from './footer';
import { GraceBanner } from './grace-banner';
import { TOP_BAR_HEIGHT, TopBar } from './top-bar';
import { useSessionUser } from '@/lib/session-user';
import { HydrationPart } from '@/components/ui/hydration-part';

/** Whether the signed-in viewer's payment waits for an admin (the app knows; the top bar offers it). */
interface LayoutProps {
  children: ReactNode;
  pendingPayment?: boolean;
}

const FOOTER = <Footer />;

/**
 * Public pages: the top bar always, the page, the footer. The page and the footer are hydrated as parts
 * of their own (HydrationPart): a tap on the top bar while the page hydrates waits for neither.
 */
export function PublicLayout({ children, pendingPayment }: LayoutProps) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg">
      <TopBar pendingPayment={pendingPayment} />
      {/* At least a screen high: the footer starts below the fold, so a page that grows as its
          data arrives never pushes a visible footer down (no layout shift). */}
      <Box as="main" id="main" flex="1" pt={TOP_BAR_HEIGHT} minW="0" minH="100dvh">
        <GraceBanner />
        <HydrationPart>{children}</HydrationPart>
      </Box>
      <HydrationPart>{FOOTER}</HydrationPart>
    </Flex>
  );
}

/**
 * The shared layout of the signed-in routes (spec §2): a fixed top bar, shown only when a stored user
 * exists, above a scrollable dark content area that renders the page.
 */
export function AppLayout({ children, pendingPayment }: LayoutProps) {
  const hasUser = useSessionUser() !== null;
  return (
    <Box minH="100dvh" bg="bg">
      {hasUser ? <TopBar pendingPayment={pendingPayment} /> : null}
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
