import { Box, Button, HStack, Menu, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { hasActiveMembership, isInGrace } from '@le/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import { useSignOut } from '@/hooks/use-sign-out';
import { chatListKindOf, useUnreadCount } from '@/lib/unread';
import type { SessionUser } from '@/lib/session-user';
import { ChevronDownIcon, HistoryIcon, LogOutIcon, MessageIcon, UserIcon, UsersIcon } from '@/components/ui/icons';
import { MembershipStatusBadge, TierBadge, roleRepeatsTier } from '@/components/ui/tier-badge';
import { UnreadBadge, unreadLabel } from '@/components/ui/unread-badge';
import { UserAvatar } from '@/components/ui/user-avatar';

/** A link of the menu; `label` names it when its text alone does not say everything (a count). */
function LinkItem({ value, to, icon, label, children }: { value: string; to: string; icon: ReactNode; label?: string; children: ReactNode }) {
  return (
    <Menu.Item value={value} asChild cursor="pointer" py="2" gap="3" aria-label={label}>
      <RouterLink to={to}>
        {icon}
        {children}
      </RouterLink>
    </Menu.Item>
  );
}

/** Beside the tier badge: a member's membership that ended, or runs on in its grace (contract §9). */
export const membershipState = (user: SessionUser, now = Date.now()): 'grace' | 'expired' | null => {
  if (user.role !== 'member' || !('membershipEnd' in user)) return null;
  const subject = { ...user, role: user.role };
  if (isInGrace(subject, now)) return 'grace';
  return hasActiveMembership(subject, now) ? null : 'expired';
};

/** The account button's name: whose menu, and how many private messages wait unread (the badge in words). */
export const accountMenuLabel = (username: string, unread: number): string =>
  unread > 0 ? `Account menu for ${username}, ${unreadLabel(unread)}` : `Account menu for ${username}`;

/**
 * The user dropdown of spec §2: avatar, username, email, role, tier badge and the account actions.
 * The avatar and the Message item carry the unread private messages (derived from the chat list the
 * app's unread layer keeps live).
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { signOut, pending } = useSignOut();
  const unread = useUnreadCount(chatListKindOf(user.role));
  const isAdmin = user.role === 'admin';
  const state = membershipState(user);

  return (
    <>
      {/* A rise of the count is told, not only drawn: a polite status line, out of sight. */}
      <VisuallyHidden role="status" aria-live="polite" data-testid="unread-status">
        {unread > 0 ? unreadLabel(unread) : ''}
      </VisuallyHidden>
      <Menu.Root positioning={{ placement: 'bottom-end', gutter: 10 }}>
        {/* The badge sits on the avatar's corner but outside the button: the button's name is its
            label (the count in words), and the digits are no part of the text it shows (axe:
            label-content-name-mismatch). It lets every click through to the button. */}
        <Box position="relative" flexShrink={0}>
          <Menu.Trigger asChild>
            <Button
              data-testid="user-menu-trigger"
              variant="ghost"
              px="1.5"
              h="11"
              gap="2"
              borderRadius="full"
              aria-label={accountMenuLabel(user.username, unread)}
              data-unread={unread}
              _hover={{ bg: 'whiteAlpha.100' }}
              _expanded={{ bg: 'whiteAlpha.100' }}
            >
              <UserAvatar photo={user.photo_profile} name={user.username} boxSize="9" />
              <Text display={{ base: 'none', md: 'block' }} maxW="36" truncate fontWeight="medium">
                {user.username}
              </Text>
              <ChevronDownIcon boxSize="4" color="fg.muted" display={{ base: 'none', md: 'block' }} />
            </Button>
          </Menu.Trigger>
          {/* the avatar's top-right corner: 6 px padding + 36 px avatar, the badge 8 px past it, 6 px above */}
          <UnreadBadge
            count={unread}
            position="absolute"
            top="-0.5"
            left="50px"
            transform="translateX(-100%)"
            pointerEvents="none"
            size="xs"
            minW="4.5"
            h="4.5"
            px="1"
            fontSize="2xs"
            borderWidth="2px"
            borderColor="bg"
            boxSizing="content-box"
            data-testid="avatar-unread-badge"
          />
        </Box>
        <Menu.Positioner>
          <Menu.Content minW="72" maxW="calc(100vw - 24px)" bg="bg.panel" borderWidth="1px" borderColor="border" p="2" data-testid="user-menu">
            <HStack gap="3" px="2" pt="2" pb="3" align="center">
              <UserAvatar photo={user.photo_profile} name={user.username} boxSize="12" />
              <Stack gap="0.5" minW="0">
                <Text fontWeight="semibold" truncate data-testid="user-menu-username">
                  {user.username}
                </Text>
                <Text fontSize="sm" color="fg.muted" truncate data-testid="user-menu-email">
                  {user.email}
                </Text>
                <HStack gap="2" mt="1">
                  {/* a trial reads "Trial" once: the tier badge says it */}
                  {roleRepeatsTier(user.role, user.membershipTier) ? null : (
                    <Box
                      as="span"
                      fontSize="xs"
                      px="2"
                      py="0.5"
                      borderRadius="full"
                      bg="whiteAlpha.100"
                      color="fg.muted"
                      textTransform="capitalize"
                      data-testid="user-menu-role"
                    >
                      {user.role}
                    </Box>
                  )}
                  <TierBadge role={user.role} tier={user.membershipTier} size="sm" ended={state === 'expired'} />
                  {state ? (
                    <MembershipStatusBadge status={state === 'grace' ? 'Grace' : 'Expired'} size="sm" data-testid="membership-state" />
                  ) : null}
                </HStack>
              </Stack>
            </HStack>
            <Menu.Separator borderColor="border" />
            <LinkItem value="profile" to={paths.settings.href} icon={<UserIcon boxSize="4" color="fg.muted" />}>
              Profile
            </LinkItem>
            <LinkItem
              value="message"
              to={isAdmin ? paths.chatAdmin.href : paths.chatUser.href}
              icon={<MessageIcon boxSize="4" color="fg.muted" />}
              label={unread > 0 ? `Message, ${unreadLabel(unread)}` : undefined}
            >
              Message
              <UnreadBadge count={unread} ms="auto" data-testid="message-unread-badge" />
            </LinkItem>
            {isAdmin ? (
              <>
                <LinkItem value="manage-history" to={paths.manageHistory.href} icon={<HistoryIcon boxSize="4" color="fg.muted" />}>
                  Manage History
                </LinkItem>
                <LinkItem value="manage-membership" to={paths.manageMembership.href} icon={<UsersIcon boxSize="4" color="fg.muted" />}>
                  Manage Membership
                </LinkItem>
              </>
            ) : null}
            <Menu.Separator borderColor="border" />
            <Menu.Item
              value="sign-out"
              cursor="pointer"
              py="2"
              gap="3"
              color="fg.error"
              _highlighted={{ bg: 'red.900/40' }}
              disabled={pending}
              onSelect={() => void signOut()}
            >
              <LogOutIcon boxSize="4" />
              Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </>
  );
}
