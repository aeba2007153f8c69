import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import type { LinkProps } from '@chakra-ui/react';
import { NAVBAR_Z_INDEX } from '@le/contracts';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { ToggleEvent } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import type { AuthNavigationState } from '@/config/paths';
import { navActionFor } from '@/lib/viewer-action';
import { useOpenReports } from '@/lib/open-reports';
import { useSessionStore } from '@/stores/session-store';
import { BrandLogo } from '@/components/ui/brand-logo';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { UserAvatar } from '@/components/ui/user-avatar';
import { navItemsFor } from './nav-items';
import type { NavItem } from './nav-items';
import { useSessionUser } from '@/lib/session-user';

// The dropdown (menu machine, positioning) is only for signed-in users: keep it out of the entry chunk.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

export const TOP_BAR_HEIGHT = '64px';

/** The bar's links, shared by the desktop row and the mobile menu (which closes on navigation). */
function NavLinks({ items, onNavigate, ...linkProps }: { items: NavItem[]; onNavigate?: () => void } & Pick<LinkProps, 'py' | 'fontSize'>) {
  return (
    <>
      {items.map((item) => (
        <Link
          key={item.href}
          asChild
          px="3"
          borderRadius="md"
          fontWeight="medium"
          color="fg.muted"
          _hover={{ color: 'fg', bg: 'whiteAlpha.50', textDecoration: 'none' }}
          _currentPage={{ color: 'gold.fg', bg: 'gold.subtle' }}
          {...linkProps}
        >
          <NavLink to={item.href} end onClick={onNavigate}>
            {item.label}
          </NavLink>
        </Link>
      ))}
    </>
  );
}

/**
 * Fixed top navigation bar (spec §2). Links collapse into a menu below the lg breakpoint. A signed-in
 * viewer gets their next step beside the account menu (`navActionFor`; `pendingPayment` comes from the
 * app, which holds the membership's payments); SIGN IN brings a guest back to this page.
 */
export function TopBar({ pendingPayment = false }: { pendingPayment?: boolean }) {
  const user = useSessionUser();
  const token = useSessionStore((state) => state.token);
  const location = useLocation();
  // The phone menu is a native popover: the browser opens it from the server's HTML, so a tap made
  // while the app is still starting works; the app only follows its state (the button's label, what
  // is drawn in it) and closes it on navigation.
  const menuRef = useRef<HTMLDivElement>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  useEffect(() => {
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) setMobileOpen(true);
  }, []);
  const signedIn = Boolean(token && user);
  const items = navItemsFor(signedIn ? user?.role : null);
  const action = signedIn ? navActionFor(user, { pendingPayment }) : null;
  const returnHere: AuthNavigationState | undefined = location.pathname.startsWith(paths.auth.root.href)
    ? undefined
    : { from: location.pathname + location.search };
  const close = () => menuRef.current?.hidePopover();
  const openReports = useOpenReports();

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex={NAVBAR_Z_INDEX}
      bg="rgba(11, 13, 18, 0.88)"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h={TOP_BAR_HEIGHT} align="center" justify="space-between" gap="4">
          <BrandLogo />

          <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', lg: 'flex' }}>
            <NavLinks items={items} py="2" fontSize="sm" />
          </HStack>

          <HStack gap="2">
            {signedIn && user?.role === 'admin' ? (
              // Contract §13: the open reports, live, on every admin's screen; the way to the queue.
              <Button asChild size="sm" variant="ghost" px={{ base: '1.5', md: '3' }} data-testid="nav-reports" data-count={openReports}>
                <RouterLink to={paths.moderation.href}>
                  {/* On a phone the count alone shows, so the menu button keeps its place; the name is
                      what shows, and then what it counts ("Reports 3 open"). */}
                  <Box as="span" srOnly={{ base: true, md: false }}>
                    Reports
                  </Box>{' '}
                  <Box
                    as="span"
                    ms="1.5"
                    px="1.5"
                    minW="5"
                    borderRadius="full"
                    fontSize="xs"
                    fontWeight="bold"
                    textAlign="center"
                    bg={openReports > 0 ? 'red.solid' : 'bg.muted'}
                    color={openReports > 0 ? 'red.contrast' : 'fg.muted'}
                    data-testid="nav-reports-count"
                  >
                    {openReports > 99 ? '99+' : openReports}
                  </Box>
                  <Box as="span" srOnly>
                    {' '}
                    open
                  </Box>
                </RouterLink>
              </Button>
            ) : null}
            {action ? (
              <Button
                asChild
                colorPalette="gold"
                variant={action.kind === 'upgrade' ? 'outline' : 'solid'}
                size="sm"
                fontWeight="semibold"
                display={{ base: 'none', lg: 'inline-flex' }}
                data-testid="nav-viewer-action"
                data-kind={action.kind}
              >
                <RouterLink to={action.href}>{action.label}</RouterLink>
              </Button>
            ) : null}
            {signedIn && user ? (
              <Suspense fallback={<UserAvatar photo={user.photo_profile} name={user.username} boxSize="9" mx="1.5" />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <Button asChild colorPalette="gold" size="sm" fontWeight="bold" letterSpacing="wider" display={{ base: 'none', lg: 'inline-flex' }}>
                <RouterLink to={paths.auth.login.href} state={returnHere}>
                  SIGN IN
                </RouterLink>
              </Button>
            )}
            <IconButton
              aria-label={mobileOpen ? 'Close navigation menu' : 'Open navigation menu'}
              aria-expanded={mobileOpen}
              aria-controls="mobile-nav"
              popoverTarget="mobile-nav"
              variant="ghost"
              display={{ base: 'inline-flex', lg: 'none' }}
            >
              {mobileOpen ? <CloseIcon boxSize="5" /> : <MenuIcon boxSize="5" />}
            </IconButton>
          </HStack>
        </Flex>
      </Container>

      <Box
        ref={menuRef}
        id="mobile-nav"
        popover="auto"
        onToggle={(event: ToggleEvent<HTMLDivElement>) => setMobileOpen(event.newState === 'open')}
        // The top layer's defaults (centred, bordered) replaced by a sheet under the bar.
        position="fixed"
        inset="auto"
        top={TOP_BAR_HEIGHT}
        left="0"
        right="0"
        width="100%"
        maxW="100%"
        m="0"
        p="0"
        border="none"
        borderTopWidth="1px"
        borderColor="border"
        bg="bg.subtle"
        color="fg"
        shadow="lg"
      >
        <Container maxW="7xl" px="4" py="3">
          <Stack as="nav" aria-label="Mobile" gap="1">
            <NavLinks items={items} py="3" onNavigate={close} />
            {action && mobileOpen ? (
              <Button
                asChild
                colorPalette="gold"
                variant={action.kind === 'upgrade' ? 'outline' : 'solid'}
                mt="2"
                fontWeight="semibold"
                data-testid="nav-viewer-action"
                data-kind={action.kind}
              >
                <RouterLink to={action.href} onClick={close}>
                  {action.label}
                </RouterLink>
              </Button>
            ) : null}
            {signedIn ? null : (
              <Button asChild colorPalette="gold" mt="2" fontWeight="bold" letterSpacing="wider">
                <RouterLink to={paths.auth.login.href} state={returnHere} onClick={close}>
                  SIGN IN
                </RouterLink>
              </Button>
            )}
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
