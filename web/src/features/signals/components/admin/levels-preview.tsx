import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';

import { formatPips, formatRatio, type DraftReading } from '@/features/signals/utils/levels-draft';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
        {label}
      </Text>
      <Text fontFamily="mono" fontWeight="semibold" fontSize="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * What the levels as typed mean: risk to the stop, reward to TP1 and their ratio; or why they make
 * no sense (the contract's own sentence); or a hint while a box is still empty.
 */
export function LevelsPreview({ reading }: { reading: DraftReading }) {
  return (
    <Box
      aria-live="polite"
      borderWidth="1px"
      borderRadius="lg"
      px="3"
      py="2.5"
      bg={reading.state === 'invalid' ? 'red.950/40' : 'bg.muted'}
      borderColor={reading.state === 'invalid' ? 'red.700' : 'border'}
      data-testid="levels-preview"
      data-state={reading.state}
    >
      {reading.state === 'valid' ? (
        <SimpleGrid columns={3} gap="3">
          {/* A stop moved to the entry or past it risks nothing more: what it keeps is shown instead. */}
          {reading.risk > 0 ? (
            <Figure label="Risk" value={formatPips(reading.risk)} testId="preview-risk" />
          ) : (
            <Figure label="Locked in" value={formatPips(-reading.risk)} testId="preview-locked" />
          )}
          <Figure label="Reward (TP1)" value={formatPips(reading.reward)} testId="preview-reward" />
          <Figure label="R:R" value={formatRatio(reading.ratio)} testId="preview-ratio" />
        </SimpleGrid>
      ) : reading.state === 'invalid' ? (
        <Text fontSize="sm" color="red.300" data-testid="levels-problem">
          {reading.problem}
        </Text>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Fill in the entry, the stop-loss and the targets to see the risk and the reward.
        </Text>
      )}
    </Box>
  );
}
