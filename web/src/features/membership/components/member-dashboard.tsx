import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { UI_TEXT, isInGrace, isPaidTier, membershipStatus } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { ButtonLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { MembershipStatusBadge } from '@/components/ui/tier-badge';
import { paths } from '@/config/paths';
import { meKeys, useMe } from '@/hooks/use-me';
import { useReadError } from '@/hooks/use-read-error';
import { membershipStepsFor } from '@/lib/viewer-action';
import { membershipKeys } from '@/features/membership/api/keys';
import { usePaymentHistory } from '@/features/membership/api/payments';
import { listPrice, perPeriod } from '@/features/membership/utils/format';
import { formatDate } from '@/lib/dates';
import { formatRupiah } from '@/lib/money';
import { PaymentHistoryTable } from './payment-history-table';
import { RejectedPaymentAlert } from './rejected-payment-alert';

function InfoCard({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap="2" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p="5" data-testid={testId}>
      <Text color="fg.subtle" fontSize="xs" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Spec §4 "otherwise the current plan": TIER with price per month/year, or Trial. */
function PlanText({ user }: { user: PublicUser }) {
  const tier = user.membershipTier;
  if (isPaidTier(tier) && user.duration) {
    const price = listPrice(tier, user.duration);
    return (
      <Stack gap="0">
        <Text fontSize="xl" fontWeight="bold" letterSpacing="wide">
          {tier.toUpperCase()}
        </Text>
        {price !== null ? (
          <Text color="gold.fg" fontWeight="semibold">
            {formatRupiah(price)} {perPeriod(user.duration)}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (user.role === 'admin') return <Text fontSize="xl" fontWeight="bold">Admin</Text>;
  return (
    <Text fontSize="xl" fontWeight="bold">
      Trial
    </Text>
  );
}

/** /dashboard-member (spec §2 Membership Dashboard, §4 membership display). */
export function MemberDashboard() {
  const queryClient = useQueryClient();
  const me = useMe();
  const history = usePaymentHistory();
  const user = me.data ?? null;
  const payments = history.data ?? null;
  // Held while a read runs again (a part of the page that mounts later reads /auth/me too): a read
  // that failed keeps saying so until one succeeds, instead of turning back into "Loading" for each
  // attempt, as Settings does.
  const meError = useReadError(me, UI_TEXT.genericError);
  const historyError = useReadError(history, UI_TEXT.genericError);
  const error = (!user && meError) || (!payments && historyError) || null;

  if (error) {
    return (
      <Container maxW="5xl" py={{ base: '6', md: '10' }}>
        <Stack gap="4">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Membership Dashboard
          </Heading>
          <FormAlert status="error" title={error} />
          <Button
            variant="outline"
            size="sm"
            alignSelf="flex-start"
            onClick={() => {
              void queryClient.resetQueries({ queryKey: meKeys.me });
              void queryClient.resetQueries({ queryKey: membershipKeys.payments() });
            }}
          >
            Try again
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!user || !payments) {
    return (
      <Container maxW="5xl" py="16">
        <Text color="fg.muted" textAlign="center" role="status" data-testid="dashboard-loading">
          {UI_TEXT.loadingDashboard}
        </Text>
      </Container>
    );
  }

  const status = membershipStatus(user);
  // Contract §9 grace: the badge says Expired (spec §4, by the end date) while the rights still run.
  const inGrace = isInGrace(user);
  const latest = payments[0] ?? null;
  const rejected = latest?.status === 'rejected';
  const pending = latest?.status === 'pending';
  const hadMembership = isPaidTier(user.membershipTier) || user.membershipEnd !== null;
  const steps = status === 'Expired' ? [] : membershipStepsFor(user, { pendingPayment: pending });
  const endedAt = hadMembership ? user.membershipEnd : user.trialExpiresAt;
  // A bank transfer never renews by itself: the plan ends on its date unless paid again.
  const dateLabel = status === 'Active' ? 'Ends on' : status === 'Trial' ? 'Trial ends on' : hadMembership ? 'Membership ended on' : 'Trial ended on';
  const dateValue = status === 'Active' ? user.membershipEnd : status === 'Trial' ? user.trialExpiresAt : endedAt;

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <title>Membership Dashboard — Lukis Emas</title>
      <Stack gap="6">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4">
          <Stack gap="1">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
              Membership Dashboard
            </Heading>
            <Text color="fg.muted">Your plan, its dates and every payment you made.</Text>
          </Stack>
          {rejected ? (
            <ButtonLink to={paths.paymentMembership.href} colorPalette="gold" size="lg" data-testid="membership-action">
              {UI_TEXT.resendPayment}
            </ButtonLink>
          ) : steps.length > 0 ? (
            <HStack gap="3" wrap="wrap">
              {steps.map((step, index) => (
                <ButtonLink
                  key={step.kind}
                  to={step.href}
                  colorPalette="gold"
                  variant={index === 0 ? 'solid' : 'outline'}
                  size="lg"
                  flex={{ base: '1', md: 'initial' }}
                  data-testid={index === 0 ? 'membership-action' : 'membership-action-other'}
                >
                  {step.label}
                </ButtonLink>
              ))}
            </HStack>
          ) : null}
        </Stack>

        {pending ? (
          <FormAlert status="warning" title={UI_TEXT.paymentPending}>
            Your {latest.membershipTier.toUpperCase()} payment of {formatRupiah(latest.amount)} from {formatDate(latest.paymentDate)} is being checked by an admin.
          </FormAlert>
        ) : rejected ? (
          <RejectedPaymentAlert payment={latest} />
        ) : null}

        {status === 'Expired' && user.role !== 'admin' && !pending ? (
          <FormAlert
            status={inGrace ? 'warning' : 'info'}
            title={inGrace ? 'Your membership is in its grace period.' : hadMembership ? 'Your membership has ended.' : 'Your trial has ended.'}
          >
            {inGrace
              ? `It ended on ${formatDate(user.membershipEnd)}; the live chart and posting in the member room stay open until ${formatDate(user.graceEndsAt)}. Renew before then to keep them.`
              : hadMembership
                ? `It ended on ${formatDate(user.membershipEnd)}: the live chart and posting in the member room are closed until you renew.`
                : 'Become a member to get the live chart and post in the member room.'}
            <Box mt="2">
              <ButtonLink to={paths.paymentMembership.href} size="xs" colorPalette="gold" variant="outline">
                {hadMembership ? 'Renew membership' : 'Become a member'}
              </ButtonLink>
            </Box>
          </FormAlert>
        ) : null}

        {user.role === 'admin' ? (
          <FormAlert status="info" title="Admins do not need a membership." />
        ) : (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <InfoCard label="Status" testId="membership-status">
              <HStack>
                <MembershipStatusBadge status={status} size="lg" px="3" />
              </HStack>
            </InfoCard>
            <InfoCard label="Plan" testId="membership-plan">
              <PlanText user={user} />
            </InfoCard>
            <InfoCard label={dateLabel} testId="membership-date">
              <Text fontSize="xl" fontWeight="bold">
                {formatDate(dateValue)}
              </Text>
            </InfoCard>
          </SimpleGrid>
        )}

        {user.role !== 'admin' ? (
          <Stack gap="3">
            <Heading as="h2" size="lg">
              Payment history
            </Heading>
            <PaymentHistoryTable payments={payments} />
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
