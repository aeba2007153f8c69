import { Badge, Box, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { PageSpinner } from '@/components/ui/page-spinner';
import { formatDate } from '@/lib/dates';
import { viewerActionFor, viewerKindOf } from '@/lib/viewer-action';
import { useFreshUser } from '@/features/live/hooks/use-fresh-user';
import { LiveChart } from './live-chart';
import { LiveGate, MembershipEnded } from './live-gate';

/**
 * /live (spec §2): admins and members with a running membership get the chart; everybody else the
 * gate. Rights follow the membership dates, whatever the stored role says. `aside` (the open
 * signals) sits beside the chart on wide screens; on narrow ones above the chart for those who have
 * it (what is open now is why a member comes), below the gate for everyone else.
 */
export function LivePage({ aside, banner, pendingPayment = false }: { aside?: ReactNode; banner?: ReactNode; pendingPayment?: boolean }) {
  const { token, user, ready } = useFreshUser();
  const viewer = token ? user : null;
  const kind = viewerKindOf(viewer);
  const action = viewerActionFor(viewer, { pendingPayment });

  const signalsFirst = ready && (kind === 'admin' || kind === 'member');
  const signals = (
    <Box as="aside" minW="0" gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }} data-testid="live-aside">
      {aside}
    </Box>
  );

  let body;
  if (!ready) body = <PageSpinner label="Checking your access" />;
  else if (kind === 'admin' || kind === 'member') body = <LiveChart />;
  else if (kind === 'expired' && action) body = <MembershipEnded endedOn={viewer?.membershipEnd ? formatDate(viewer.membershipEnd) : null} action={action} />;
  else body = <LiveGate action={action} />;

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>Live Chart — Lukis Emas</title>
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
              Live Chart
            </Heading>
            <Badge colorPalette="gold" variant="subtle" borderRadius="full" px="3">
              XAU/USD
            </Badge>
          </HStack>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            The gold price as it trades, for members and admins.
          </Text>
        </Stack>
        {/* `banner`: handed in by the route (the notifications feature's first-time invitation). */}
        {banner}
        {aside ? (
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' }} gap={{ base: '8', lg: '6' }} alignItems="start">
            {/* On a phone a member comes for what is open now: the signals first, the 500 px chart
                under them. Anyone else first meets the gate, their way in. Wide, the chart is left. */}
            {signalsFirst ? signals : null}
            <Box minW="0" gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
              {body}
            </Box>
            {signalsFirst ? null : signals}
          </Grid>
        ) : (
          body
        )}
      </Stack>
    </Container>
  );
}
