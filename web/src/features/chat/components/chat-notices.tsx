import { Box, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';

import { TextLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import type { ChatRights } from '@/features/chat/utils/rights';
import { WITH_ADMINS_NOTICE } from '@/features/chat/utils/rights';

/** The viewer's notice (spec §6): guest and trial read only; an expired member is sent to renew. */
export function ChatNotices({ rights }: { rights: ChatRights }) {
  if (!rights.notice && !rights.expired) return null;
  return (
    <Box px="3" py="2" bg="gold.subtle" borderBottomWidth="1px" borderColor="gold.muted" data-testid="chat-notice">
      {rights.notice ? (
        <Text fontSize="xs" color="gold.100">
          {rights.notice}
        </Text>
      ) : null}
      {rights.expired ? (
        <Text fontSize="xs" color="gold.100">
          {UI_TEXT.chatExpiredNotice} <TextLink to={paths.paymentMembership.href}>Renew membership</TextLink>
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * /chat-user for a trial or an expired member (`roomRights`: their rights in the live room): they can
 * write here, and the live room needs a membership (the expired are pointed to the renewal).
 */
export function WithAdminsNotice({ roomRights }: { roomRights: ChatRights }) {
  if (roomRights.canPost || roomRights.isAdmin) return null;
  return (
    <Box px="3" py="2" bg="gold.subtle" borderBottomWidth="1px" borderColor="gold.muted" data-testid="chat-notice">
      <Text fontSize="xs" color="gold.100">
        {WITH_ADMINS_NOTICE}{' '}
        <TextLink to={paths.paymentMembership.href}>{roomRights.expired ? 'Renew membership' : 'Become a member'}</TextLink>
      </Text>
    </Box>
  );
}
