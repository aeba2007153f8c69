import { Box, HStack, Text } from '@chakra-ui/react';

/** How much of the image has left the browser. */
export function UploadProgress({ percent, label = 'Uploading' }: { percent: number; label?: string }) {
  return (
    <Box>
      <HStack justify="space-between" mb="1.5" fontSize="sm" color="fg.muted">
        <Text>{percent >= 100 ? 'Processing…' : `${label}…`}</Text>
        <Text>{percent}%</Text>
      </HStack>
      <Box
        h="2"
        bg="bg.muted"
        borderRadius="full"
        overflow="hidden"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <Box h="100%" w={`${percent}%`} bg="gold.solid" borderRadius="full" transition="width 0.2s" />
      </Box>
    </Box>
  );
}
