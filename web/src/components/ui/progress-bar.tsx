import { Box, HStack, Stack, Text } from '@chakra-ui/react';

/**
 * An upload's progress, 0..100, with its number (a plain bar: no extra Chakra recipe needed).
 * `showStage` adds a line saying whether the bytes are still going up or the server is working.
 */
export function ProgressBar({ value, label = 'Upload progress', showStage = false }: { value: number; label?: string; showStage?: boolean }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  const bar = (
    <HStack gap="3" w="full" data-testid="upload-progress">
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        flex="1"
        h="2"
        bg="bg.emphasized"
        borderRadius="full"
        overflow="hidden"
      >
        <Box h="full" w={`${percent}%`} bg="gold.solid" borderRadius="full" transition="width 0.2s ease" />
      </Box>
      <Text fontSize="sm" color="fg.muted" minW="10" textAlign="right">
        {percent}%
      </Text>
    </HStack>
  );
  if (!showStage) return bar;
  return (
    <Stack gap="1.5">
      <Text fontSize="sm" color="fg.muted">
        {percent >= 100 ? 'Processing…' : 'Uploading…'}
      </Text>
      {bar}
    </Stack>
  );
}
