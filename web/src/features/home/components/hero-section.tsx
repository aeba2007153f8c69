import { Badge, Box, Container, Grid, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';

import heroChart from '@/assets/hero-chart.svg';
import { ButtonLink } from '@/components/ui/button-link';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { ViewerAction } from '@/lib/viewer-action';

const stats = [
  { value: '24/5', label: 'Market coverage' },
  { value: '100%', label: 'Rule-based signals' },
  { value: '0', label: 'Predictions needed' },
];

/** `action`: what the signed-in viewer can do next; a guest (null) is offered Join Now and Create an Account. */
export function HeroSection({ action = null }: { action?: ViewerAction | null }) {
  return (
    <Box
      as="section"
      position="relative"
      overflow="hidden"
      backgroundImage="radial-gradient(ellipse 70% 60% at 80% 0%, rgba(212, 160, 23, 0.16), transparent 70%), radial-gradient(ellipse 50% 50% at 0% 100%, rgba(212, 160, 23, 0.08), transparent 70%)"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '14', md: '24' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.05fr 1fr' }} gap={{ base: '12', lg: '16' }} alignItems="center">
          <Stack gap="6">
            <Badge alignSelf="flex-start" colorPalette="gold" variant="subtle" borderRadius="full" px="3" py="1" gap="2" fontSize="xs">
              <Box as="span" boxSize="2" borderRadius="full" bg="green.400" />
              XAU/USD · Live painting
            </Badge>
            <Heading as="h1" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="tight" fontWeight="extrabold">
              Watch the gold market{' '}
              <Box as="span" bgGradient="to-r" gradientFrom="gold.200" gradientTo="gold.500" bgClip="text" color="transparent">
                paint itself
              </Box>
              , live.
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" lineHeight="tall" maxW="xl">
              Lukis Emas is an automated, statistics-based system that draws every buy and sell on XAU/USD as it happens. It needs no
              skills, no mentor, no emotion, no assumption, no rule-breaking and no prediction — just follow the brush strokes.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" data-testid="hero-actions">
              {action ? (
                <ButtonLink to={action.href} colorPalette="gold" size="xl" fontWeight="bold" px="8" data-testid="viewer-action" data-kind={action.kind}>
                  {action.label} <ArrowRightIcon />
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to={paths.auth.login.href} colorPalette="gold" size="xl" fontWeight="bold" px="8">
                    Join Now <ArrowRightIcon />
                  </ButtonLink>
                  <ButtonLink to={paths.auth.register.href} variant="outline" size="xl" borderColor="border" _hover={{ bg: 'whiteAlpha.100' }}>
                    Create an Account
                  </ButtonLink>
                </>
              )}
            </Stack>
            <HStack gap={{ base: '5', md: '10' }} pt="4">
              {stats.map((stat) => (
                <Stack key={stat.label} gap="0">
                  <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="gold.fg">
                    {stat.value}
                  </Text>
                  <Text fontSize={{ base: 'xs', sm: 'sm' }} color="fg.subtle">
                    {stat.label}
                  </Text>
                </Stack>
              ))}
            </HStack>
          </Stack>
          <Box position="relative">
            <Box position="absolute" inset="-8" bg="gold.500/10" filter="blur(60px)" borderRadius="full" aria-hidden />
            <Image
              src={heroChart}
              alt="A live candlestick painting of the XAU/USD gold price"
              position="relative"
              w="full"
              h="auto"
              borderRadius="2xl"
              shadow="0 30px 80px -30px rgba(0, 0, 0, 0.8)"
              fetchPriority="high"
              // the SVG's viewBox: the box is reserved before the image arrives
              htmlWidth={560}
              htmlHeight={400}
            />
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
