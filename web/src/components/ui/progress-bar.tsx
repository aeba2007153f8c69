import { Box, HStack, Text } from '@chakra-ui/react';

/** An upload's progress, 0..100, with its number (a plain bar: no extra Chakra recipe needed). */
export function ProgressBar({ value, label = 'Upload progress' }: { value: number; label?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
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
}
