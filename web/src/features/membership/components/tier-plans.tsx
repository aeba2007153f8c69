import { Badge, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Duration, PaidTier } from '@le/contracts';
import { PAID_TIERS, PRICES } from '@le/contracts';

import { TextLink } from '@/components/ui/button-link';
import { CheckIcon, XMarkIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { perPeriod } from '@/features/membership/utils/format';
import { formatRupiah } from '@/lib/money';
import { tierFeatureRows, tierName, tierSummary } from '@/features/membership/utils/tier-features';

/**
 * The paid tiers side by side (stacked on phones): each card a radio with its price, and under it
 * every row of the comparison, included or not (utils/tier-features: the product's own rules). The
 * viewer's current tier says "Your plan".
 */
export function TierPlans({
  tier,
  duration,
  currentTier,
  onSelect,
}: {
  tier: PaidTier;
  duration: Duration;
  /** The tier of the viewer's running membership, or null. */
  currentTier: PaidTier | null;
  onSelect: (tier: PaidTier) => void;
}) {
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" role="radiogroup" aria-label="Membership tier" data-testid="tier-comparison">
        {PAID_TIERS.map((option) => {
          const selected = option === tier;
          const current = option === currentTier;
          const featuresId = `tier-${option}-features`;
          return (
            <Stack
              key={option}
              gap="4"
              p="5"
              borderRadius="xl"
              borderWidth="2px"
              borderColor={selected ? 'gold.solid' : 'border'}
              bg={selected ? 'gold.subtle' : 'bg.muted'}
              cursor="pointer"
              transition="border-color 0.15s, background 0.15s"
              _hover={{ borderColor: selected ? 'gold.solid' : 'gray.600' }}
              // the whole card chooses (a pointer convenience); the radio below is what the keyboard and readers use
              onClick={() => onSelect(option)}
              data-testid={`plan-${option}`}
              data-current={current || undefined}
            >
              <Box
                as="button"
                role="radio"
                aria-checked={selected}
                aria-describedby={featuresId}
                data-testid={`tier-${option}`}
                textAlign="left"
                borderRadius="md"
                _focusVisible={{ outline: '2px solid', outlineColor: 'gold.solid', outlineOffset: '4px' }}
              >
                <Stack as="span" gap="2">
                  <HStack as="span" justify="space-between" gap="2" minH="6">
                    <HStack as="span" gap="2">
                      <Text as="span" fontWeight="bold" fontSize="lg" textTransform="uppercase" letterSpacing="wide">
                        {option}
                      </Text>
                      {current ? (
                        <Badge colorPalette="green" variant="subtle" borderRadius="full" data-testid="your-plan">
                          Your plan
                        </Badge>
                      ) : null}
                    </HStack>
                    {selected ? (
                      <Badge colorPalette="gold" variant="solid" borderRadius="full">
                        Selected
                      </Badge>
                    ) : null}
                  </HStack>
                  <Text as="span" display="block" fontSize="2xl" fontWeight="bold" color="gold.fg">
                    {formatRupiah(PRICES[option][duration])}{' '}
                    <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal">
                      {perPeriod(duration)}
                    </Text>
                  </Text>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted" minH={{ md: '10' }} data-testid="tier-summary">
                    {tierSummary(option)}
                  </Text>
                </Stack>
              </Box>
              <Stack as="ul" gap="2.5" listStyleType="none" id={featuresId} aria-label={`What ${tierName(option)} includes`} borderTopWidth="1px" borderColor="border" pt="4">
                {tierFeatureRows(option).map((row) => (
                  <HStack
                    as="li"
                    key={row.key}
                    gap="2.5"
                    align="flex-start"
                    fontSize="sm"
                    color={row.included ? 'fg' : 'fg.subtle'}
                    data-feature={row.key}
                    data-included={row.included}
                  >
                    {row.included ? (
                      <CheckIcon boxSize="4" mt="0.5" color="green.fg" flexShrink={0} aria-hidden />
                    ) : (
                      <XMarkIcon boxSize="4" mt="0.5" color="fg.subtle" flexShrink={0} aria-hidden />
                    )}
                    <Text>
                      {row.label}
                      {row.included ? null : (
                        <Text as="span" srOnly>
                          {' '}
                          (not included)
                        </Text>
                      )}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            </Stack>
          );
        })}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        Closed signals, their outcome and the track record are open to everyone on the{' '}
        <TextLink to={paths.signals.href}>Signals</TextLink> page.
      </Text>
    </Stack>
  );
}
