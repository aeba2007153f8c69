import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';

import { ButtonLink } from '@/components/ui/button-link';
import { XMarkIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { Section, SectionHeading } from './section';

const noList = [
  { title: 'No Skills', text: 'No chart-reading or trading background required.' },
  { title: 'No Mentor', text: 'The system does the work a mentor would.' },
  { title: 'No Emotion', text: 'Rules, not fear or greed, draw every signal.' },
  { title: 'No Assumption', text: 'Only what the statistics confirm is painted.' },
  { title: 'No Rule-Breaking', text: 'The same discipline on every single move.' },
  { title: 'No Prediction', text: 'It reacts to the market instead of guessing it.' },
  { title: 'No Stress', text: 'Glance at the painting whenever it suits you.' },
];

export function NoSkillsSection() {
  return (
    <Section bg="bg.subtle" borderYWidth="1px" borderColor="border">
      <Stack gap={{ base: '10', md: '14' }}>
        <SectionHeading eyebrow="Made for everyone" title="No Skills? No Problem." align="center">
          Lukis Emas was built for people who want clarity on gold without becoming full-time traders. Everything that usually makes it
          hard has been taken out.
        </SectionHeading>
        <Grid as="ul" listStyleType="none" templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="4">
          {noList.map((item) => (
            <HStack
              as="li"
              key={item.title}
              align="flex-start"
              gap="3"
              p="5"
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              borderRadius="xl"
            >
              <Box boxSize="7" borderRadius="full" bg="red.500/15" color="red.300" display="grid" placeItems="center" flexShrink={0}>
                <XMarkIcon boxSize="4" />
              </Box>
              <Stack gap="1">
                <Text fontWeight="semibold">{item.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {item.text}
                </Text>
              </Stack>
            </HStack>
          ))}
          <Stack
            as="li"
            justify="center"
            align={{ base: 'stretch', sm: 'flex-start' }}
            gap="3"
            p="5"
            borderRadius="xl"
            bgGradient="to-br"
            gradientFrom="gold.900"
            gradientTo="gold.950"
            borderWidth="1px"
            borderColor="gold.muted"
          >
            <Text fontWeight="semibold" color="gold.fg">
              See it for yourself
            </Text>
            <ButtonLink to={paths.live.href} colorPalette="gold" size="md">
              See It in Action
            </ButtonLink>
          </Stack>
        </Grid>
      </Stack>
    </Section>
  );
}
