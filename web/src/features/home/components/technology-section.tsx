import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';

import { ButtonLink } from '@/components/ui/button-link';
import { ChipIcon, ClockIcon, PulseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { Section, SectionHeading } from './section';

const pillars = [
  {
    icon: ChipIcon,
    title: 'Statistical engine',
    text: 'Years of XAU/USD price behaviour distilled into clear, repeatable rules — the same input always gives the same stroke.',
  },
  {
    icon: PulseIcon,
    title: 'Real-time painting',
    text: 'Signals are drawn onto the chart the moment the market moves, so you see the picture form instead of guessing it.',
  },
  {
    icon: ClockIcon,
    title: 'Proven track record',
    text: 'Every past painting is kept in the history, open for anyone to review before they join.',
  },
];

export function TechnologySection() {
  return (
    <Section>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1.2fr' }} gap={{ base: '10', lg: '16' }} alignItems="center">
        <Stack gap="6">
          <SectionHeading eyebrow="How it works" title="Advanced Technology">
            Behind every stroke is an automated system that reads the gold market with statistics, not opinions. It follows its rules
            without fatigue or fear, day after day, and shows you the result in plain sight.
          </SectionHeading>
          <ButtonLink to={paths.history.href} colorPalette="gold" variant="outline" alignSelf="flex-start" size="lg">
            See Past Results
          </ButtonLink>
        </Stack>
        <Stack gap="4">
          {pillars.map((pillar) => (
            <HStack
              key={pillar.title}
              align="flex-start"
              gap="4"
              p="5"
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              borderRadius="xl"
              transition="border-color 0.2s"
              _hover={{ borderColor: 'gold.muted' }}
            >
              <Box p="2.5" borderRadius="lg" bg="gold.subtle" color="gold.fg" flexShrink={0}>
                <pillar.icon boxSize="6" />
              </Box>
              <Stack gap="1">
                <Text fontWeight="semibold" fontSize="lg">
                  {pillar.title}
                </Text>
                <Text color="fg.muted">{pillar.text}</Text>
              </Stack>
            </HStack>
          ))}
        </Stack>
      </Grid>
    </Section>
  );
}
