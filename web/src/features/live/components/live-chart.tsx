import { Box, Button, Center, Group, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { CHART_INTERVALS, DEFAULT_CHART_INTERVAL, LIMITS } from '@le/contracts';
import { useState } from 'react';

import { PulseIcon } from '@/components/ui/icons';
import { useTradingViewChart } from '@/features/live/hooks/use-tradingview-chart';
import type { ChartTheme } from '@/features/live/lib/tradingview';

const THEMES: { label: string; value: ChartTheme }[] = [
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
];

export const CHART_FALLBACK_TEXT = 'The live chart could not load. Check your connection and try again.';

/** The XAU/USD advanced chart with its interval chooser and light/dark toggle (spec §2 Live). */
export function LiveChart() {
  const [theme, setTheme] = useState<ChartTheme>('light');
  const [interval, setInterval] = useState<string>(DEFAULT_CHART_INTERVAL);
  const { containerId, status, retry } = useTradingViewChart({ theme, interval });
  const height = `${LIMITS.chartHeightPx}px`;

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Group attached role="radiogroup" aria-label="Chart interval">
          {CHART_INTERVALS.map((option) => {
            const selected = option.value === interval;
            return (
              <Button
                key={option.value}
                size="sm"
                role="radio"
                aria-checked={selected}
                variant={selected ? 'solid' : 'outline'}
                colorPalette={selected ? 'gold' : 'gray'}
                onClick={() => setInterval(option.value)}
              >
                {option.label}
              </Button>
            );
          })}
        </Group>
        <Group attached role="group" aria-label="Chart theme">
          {THEMES.map((option) => {
            const selected = option.value === theme;
            return (
              <Button
                key={option.value}
                size="sm"
                aria-label={`${option.label} theme`}
                aria-pressed={selected}
                variant={selected ? 'solid' : 'outline'}
                colorPalette={selected ? 'gold' : 'gray'}
                onClick={() => setTheme(option.value)}
              >
                {option.label}
              </Button>
            );
          })}
        </Group>
      </HStack>

      <Box
        position="relative"
        h={height}
        borderWidth="1px"
        borderColor="border"
        borderRadius="xl"
        overflow="hidden"
        bg={theme === 'light' ? 'white' : '#131722'}
        data-testid="live-chart"
        data-status={status}
        data-theme={theme}
        data-interval={interval}
      >
        <Box id={containerId} h={height} w="100%" display={status === 'failed' ? 'none' : 'block'} />
        {status === 'loading' ? (
          <Center position="absolute" inset="0" role="status" aria-label="Loading the live chart">
            <Stack align="center" gap="3">
              <Spinner size="lg" color="gold.solid" borderWidth="3px" />
              <Text color={theme === 'light' ? 'gray.600' : 'gray.300'} fontSize="sm">
                Loading the live chart…
              </Text>
            </Stack>
          </Center>
        ) : null}
        {status === 'failed' ? (
          <Center position="absolute" inset="0" bg="bg.panel" px="6" data-testid="live-chart-fallback">
            <Stack align="center" gap="4" textAlign="center" maxW="md" role="alert">
              <Box p="3" borderRadius="full" bg="gold.subtle" color="gold.fg">
                <PulseIcon boxSize="7" />
              </Box>
              <Text fontWeight="semibold" fontSize="lg" color="fg">
                {CHART_FALLBACK_TEXT}
              </Text>
              <Button colorPalette="gold" onClick={retry}>
                Try again
              </Button>
            </Stack>
          </Center>
        ) : null}
      </Box>
    </Stack>
  );
}
