import { Badge } from '@chakra-ui/react';
import type { BadgeProps } from '@chakra-ui/react';

/** The most a badge spells out; above it reads "99+". */
export const UNREAD_BADGE_MAX = 99;

/** What the badge shows: the count, "99+" above 99. */
export const unreadBadgeText = (count: number): string => (count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count));

/** What a screen reader hears: "1 unread message", "3 unread messages" (the whole number, not "99+"). */
export const unreadLabel = (count: number): string => `${count} unread message${count === 1 ? '' : 's'}`;

/**
 * The unread count as a small solid gold pill, the chat list's own unread colour (gold.contrast on
 * gold.solid, ≥ 4.5:1 by system.unit.test.ts). Nothing for zero. Hidden from screen readers: the
 * control it sits on says the count in words (`unreadLabel`).
 */
export function UnreadBadge({ count, ...props }: { count: number } & Omit<BadgeProps, 'children'>) {
  if (count <= 0) return null;
  return (
    <Badge
      colorPalette="gold"
      variant="solid"
      borderRadius="full"
      size="sm"
      minW="5"
      h="5"
      px="1.5"
      justifyContent="center"
      fontWeight="bold"
      fontVariantNumeric="tabular-nums"
      aria-hidden="true"
      data-count={count}
      {...props}
    >
      {unreadBadgeText(count)}
    </Badge>
  );
}
