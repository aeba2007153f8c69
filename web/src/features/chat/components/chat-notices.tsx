import { Box, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';

import { TextLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import type { ChatRights } from '@/features/chat/utils/rights';
import { WITH_ADMINS_NOTICE } from '@/features/chat/utils/rights';

/**
 * The expired member's notice, sent to renew: a warning (amber), as the grace banner. The guest's and the trial's notices of spec §6 are said
 * once, in place of the composer (`composerNotice`), not here too in a second language.
 */
export function ChatNotices({ rights }: { rights: ChatRights }) {
  if (!rights.expired) return null;
  return (
    <Box px="3" py="2" bg="bg.warning" borderBottomWidth="1px" borderColor="border.warning" data-testid="chat-notice" data-status="warning">
      <Text fontSize="xs" color="fg.warning">
        {UI_TEXT.chatExpiredNotice} <TextLink to={paths.paymentMembership.href}>Renew membership</TextLink>
      </Text>
    </Box>
  );
}

/** What shows in place of the composer for a viewer who may not post: the role's own notice (spec §6), else the register line. */
export const composerNotice = (rights: ChatRights): string => rights.notice ?? UI_TEXT.chatRegisterNotice;

/**
 * /chat-user for a trial or an expired member (`roomRights`: their rights in the live room): they can
 * write here, and the live room needs a membership (the expired are pointed to the renewal). A notice
 * (blue): nothing is wrong.
 */
export function WithAdminsNotice({ roomRights }: { roomRights: ChatRights }) {
  if (roomRights.canPost || roomRights.isAdmin) return null;
  return (
    <Box px="3" py="2" bg="bg.info" borderBottomWidth="1px" borderColor="border.info" data-testid="chat-notice" data-status="info">
      <Text fontSize="xs" color="fg.info">
        {WITH_ADMINS_NOTICE}{' '}
        <TextLink to={paths.paymentMembership.href}>{roomRights.expired ? 'Renew membership' : 'Become a member'}</TextLink>
      </Text>
    </Box>
  );
}
