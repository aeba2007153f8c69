import { Alert, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { isInGrace } from '@le/contracts';

import { TextLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { formatDate, useNowAcross } from '@/lib/dates';
import type { SessionUser } from '@/lib/session-user';
import { useSessionUser } from '@/lib/session-user';

/** The banner's sentence (contract §9 grace): when the membership ended and the day to pay by. */
export const graceText = (user: Pick<SessionUser, 'membershipEnd' | 'graceEndsAt'>): string =>
  `Your membership ended on ${formatDate(user.membershipEnd)}. Pay by ${formatDate(user.graceEndsAt)} to keep access.`;

/**
 * On every screen while a membership is in its grace (contract §9: the rights go on until
 * `graceEndsAt`): when it ended, the day to pay by, the way to the payment page.
 */
export function GraceBanner() {
  const user = useSessionUser();
  const now = useNowAcross([user?.membershipEnd, user?.graceEndsAt]);
  if (!user || !isInGrace({ ...user, role: user.role }, now)) return null;
  return (
    // A warning (the rights end soon): the warning Alert's amber, icon and all, never the errors' red.
    <Alert.Root status="warning" variant="subtle" borderRadius="0" p="0" borderBottomWidth="1px" borderColor="border.warning" role="status" data-testid="grace-banner">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="2.5">
        <Flex gap={{ base: '1', md: '3' }} align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} fontSize="sm">
          <HStack gap="2" align="flex-start">
            <Alert.Indicator mt="0.5" />
            <Text color="fg">{graceText(user)}</Text>
          </HStack>
          <TextLink to={paths.paymentMembership.href} whiteSpace="nowrap" textDecoration="underline" ps={{ base: '6', md: '0' }}>
            Pay now
          </TextLink>
        </Flex>
      </Container>
    </Alert.Root>
  );
}
