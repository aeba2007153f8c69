import { Box, Grid, HStack, Image, Stack, Text } from '@chakra-ui/react';

import promoDevices from '@/assets/promo-devices.svg';
import { ButtonLink } from '@/components/ui/button-link';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { ViewerAction } from '@/lib/viewer-action';
import { Section, SectionHeading } from './section';

const features = [
  'Free trial as soon as you verify your email',
  'Live XAU/USD chart and buy/sell feed for members',
  'Member chat and direct messages with our admins',
  'Basic, Pro and Expert plans — monthly or yearly',
];

/** `action`: the signed-in viewer's next step in place of the guest's free trial. */
export function PromoSection({ action = null }: { action?: ViewerAction | null }) {
  return (
    <Section pt="0">
      <Box
        borderRadius="3xl"
        borderWidth="1px"
        borderColor="gold.muted"
        bgGradient="to-br"
        gradientFrom="#1a1608"
        gradientVia="bg.panel"
        gradientTo="bg.panel"
        px={{ base: '6', md: '12' }}
        py={{ base: '10', md: '14' }}
        overflow="hidden"
      >
        <Grid templateColumns={{ base: '1fr', lg: '1.1fr 1fr' }} gap={{ base: '10', lg: '12' }} alignItems="center">
          <Stack gap="6">
            <SectionHeading eyebrow="Start today" title="Let the market paint for you">
              Join the Lukis Emas community, start with a free trial and upgrade whenever you are ready. Your gold picture, clear and
              live, wherever you are.
            </SectionHeading>
            <Stack as="ul" gap="3" listStyleType="none">
              {features.map((feature) => (
                <HStack as="li" key={feature} gap="3" align="flex-start">
                  <Box boxSize="6" borderRadius="full" bg="gold.solid" color="gold.contrast" display="grid" placeItems="center" flexShrink={0}>
                    <CheckIcon boxSize="3.5" />
                  </Box>
                  <Text color="fg">{feature}</Text>
                </HStack>
              ))}
            </Stack>
            <ButtonLink
              to={action?.href ?? paths.auth.register.href}
              colorPalette="gold"
              size="xl"
              fontWeight="bold"
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              data-testid="promo-action"
            >
              {action?.label ?? 'Start Your Free Trial'}
            </ButtonLink>
          </Stack>
          <Image
            src={promoDevices}
            alt="Lukis Emas on a laptop and a phone"
            w="full"
            maxW="lg"
            mx="auto"
            h="auto"
            loading="lazy"
            htmlWidth={520}
            htmlHeight={380}
          />
        </Grid>
      </Box>
      <Text mt="6" fontSize="xs" color="fg.subtle" textAlign="center">
        Trading gold involves risk. Lukis Emas shows statistical signals for information and does not give financial advice.
      </Text>
    </Section>
  );
}
