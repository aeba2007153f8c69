import { Box, Text } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { ReactNode } from 'react';

import { TextLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import type { ChatRights } from '@/features/chat/utils/rights';
import { WITH_ADMINS_NOTICE } from '@/features/chat/utils/rights';

/**
 * What shows in place of the composer for a viewer who may not post, said once: the role's own notice
 * (spec §6: guest, trial); for an expired member, theirs with the way to renew (contract §9) — the
 * register line would send a registered member to register; else the register line (spec §6).
 */
export const composerNotice = (rights: ChatRights, from?: string): ReactNode => {
  // The spec's sentence, then its way forward: a guest signs in (and comes back here), a trial
  // chooses a membership. Said in the sentence's language.
  if (rights.notice === UI_TEXT.chatGuestNotice) {
    return (
      <>
        {rights.notice}{' '}
        <TextLink to={paths.auth.login.href} state={from ? { from } : undefined} data-testid="chat-notice-sign-in">
          Masuk
        </TextLink>
      </>
    );
  }
  if (rights.notice === UI_TEXT.chatTrialNotice) {
    return (
      <>
        {rights.notice}{' '}
        <TextLink to={paths.paymentMembership.href} data-testid="chat-notice-membership">
          Pilih membership
        </TextLink>
      </>
    );
  }
  if (rights.notice) return rights.notice;
  if (rights.expired) {
    return (
      <>
        {UI_TEXT.chatExpiredNotice} <TextLink to={paths.paymentMembership.href}>Renew membership</TextLink>
      </>
    );
  }
  return UI_TEXT.chatRegisterNotice;
};

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
