import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { DevicesIcon, PulseIcon, ShieldIcon } from '@/components/ui/icons';
import { Section, SectionHeading } from './section';

/** The three cards; the first shows the live feed the route passes in (signals live in their own feature). */
const benefitsWith = (feed: ReactNode) => [
  {
    icon: PulseIcon,
    title: 'Live buy/sell feed',
    text: 'Every signal arrives the moment it is painted — buy in green, sell in red — so you can read the market at a glance.',
    extra: feed,
  },
  {
    icon: DevicesIcon,
    title: 'Cross-device web platform',
    text: 'Open Lukis Emas in any modern browser on your phone, tablet or desktop. Nothing to install, always up to date.',
  },
  {
    icon: ShieldIcon,
    title: 'Secure member access',
    text: 'Your own protected account with simple top-up for your membership and full control over your profile and sessions.',
  },
];

export function BenefitsSection({ feed = null }: { feed?: ReactNode }) {
  const benefits = benefitsWith(feed);
  return (
    <Section>
      <Stack gap={{ base: '10', md: '14' }}>
        <SectionHeading eyebrow="Membership" title="What You Get" align="center">
          One membership, everything you need to follow gold with confidence.
        </SectionHeading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="6">
          {benefits.map((benefit) => (
            <Stack
              key={benefit.title}
              gap="4"
              p={{ base: '6', md: '7' }}
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              borderRadius="2xl"
              transition="transform 0.2s, border-color 0.2s"
              _hover={{ transform: 'translateY(-4px)', borderColor: 'gold.muted' }}
            >
              <Box alignSelf="flex-start" p="3" borderRadius="xl" bg="gold.subtle" color="gold.fg">
                <benefit.icon boxSize="6" />
              </Box>
              <Text as="h3" fontSize="xl" fontWeight="semibold">
                {benefit.title}
              </Text>
              <Text color="fg.muted" lineHeight="tall">
                {benefit.text}
              </Text>
              {benefit.extra ?? null}
            </Stack>
          ))}
        </Grid>
      </Stack>
    </Section>
  );
}
