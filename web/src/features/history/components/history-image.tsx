import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { HistoryIcon } from '@/components/ui/icons';

/** A history image, loaded lazily; a broken or missing one shows a placeholder (spec §2). */
export function HistoryImage({ src, alt, aspectRatio = 16 / 9 }: { src: string; alt: string; aspectRatio?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <Box position="relative" w="100%" aspectRatio={aspectRatio} bg="bg.muted" overflow="hidden">
      {broken ? (
        <Stack position="absolute" inset="0" align="center" justify="center" gap="2" color="fg.subtle" data-testid="history-image-placeholder">
          <HistoryIcon boxSize="8" />
          <Text fontSize="sm">Image unavailable</Text>
        </Stack>
      ) : (
        <Image
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          w="100%"
          h="100%"
          objectFit="cover"
          onError={() => setFailedSrc(src)}
        />
      )}
    </Box>
  );
}
