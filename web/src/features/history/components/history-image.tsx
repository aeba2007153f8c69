import { Box, Image, Stack, Text } from '@chakra-ui/react';
import type { HistoryImageSize } from '@le/contracts';
import { useEffect, useRef, useState } from 'react';

import { HistoryIcon } from '@/components/ui/icons';

/** The width and height attributes of the image: its box's ratio, so the browser reserves the box before it loads. */
export const IMAGE_WIDTH = 1600;

/** The `srcset` of an image's stored sizes (the entry's `images`), or undefined when there is only one. */
export const srcSetOf = (images: readonly HistoryImageSize[] | undefined): string | undefined =>
  images && images.length > 1 ? images.map((image) => `${image.url} ${image.width}w`).join(', ') : undefined;

/**
 * A history image, loaded lazily; a broken or missing one shows a placeholder (spec §2). The `priority`
 * one (the first card of /history, the page's largest paint) loads at once with high priority instead.
 * With its stored sizes (`images`) and the width it is shown at (`sizes`), the browser loads the
 * smallest that fills it: a phone the 400 or 800 px copy, not the 2560 px original.
 */
export function HistoryImage({
  src,
  images,
  sizes,
  alt,
  aspectRatio = 16 / 9,
  priority = false,
}: {
  src: string;
  images?: readonly HistoryImageSize[];
  sizes?: string;
  alt: string;
  aspectRatio?: number;
  priority?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  // In a page the server drew, the image may have failed before the app took the page over and
  // could hear its error event: a finished image without pixels is a broken one.
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  const srcSet = srcSetOf(images);
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
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          htmlWidth={IMAGE_WIDTH}
          htmlHeight={Math.round(IMAGE_WIDTH / aspectRatio)}
          w="100%"
          h="100%"
          objectFit="cover"
          ref={image}
          onError={() => setFailedSrc(src)}
        />
      )}
    </Box>
  );
}
