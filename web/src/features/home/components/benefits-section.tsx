import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';

import { DevicesIcon, PulseIcon, ShieldIcon } from '@/components/ui/icons';
import { Section, SectionHeading } from './section';

function FeedPreview() {
  const rows = [
    { side: 'BUY', price: '2,384.20', time: '14:32' },
    { side: 'SELL', price: '2,379.90', time: '14:18' },
    { side: 'BUY', price: '2,381.40', time: '13:55' },
  ] as const;
  return (
    <Stack gap="2" mt="2" aria-label="Example buy and sell feed">
      {rows.map((row) => (
        <HStack
          key={row.time}
          justify="space-between"
          px="3"
          py="2"
          borderRadius="md"
          fontSize="sm"
          fontFamily="mono"
          bg={row.side === 'BUY' ? 'green.500/12' : 'red.500/12'}
          color={row.side === 'BUY' ? 'green.300' : 'red.300'}
        >
          <Text fontWeight="bold">{row.side}</Text>
          <Text>{row.price}</Text>
          <Text color="fg.subtle">{row.time}</Text>
        </HStack>
      ))}
    </Stack>
  );
}

const benefits = [
  {
    icon: PulseIcon,
    title: 'Live buy/sell feed',
    text: 'Every signal arrives the moment it is painted — buy in green, sell in red — so you can read the market at a glance.',
    extra: <FeedPreview />,
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

export function BenefitsSection() {
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
