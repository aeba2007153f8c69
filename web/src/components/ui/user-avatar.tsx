import { Image } from '@chakra-ui/react';
import type { ImageProps } from '@chakra-ui/react';
import { useState } from 'react';

import { brand } from '@/config/brand';

interface UserAvatarProps extends Omit<ImageProps, 'src' | 'alt'> {
  photo: string | null | undefined;
  name: string;
}

/**
 * The user's photo. No photo set: the default logo image; a photo that fails to load: the default
 * avatar image (spec §2).
 */
export function UserAvatar({ photo, name, boxSize = '9', ...props }: UserAvatarProps) {
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const hasPhoto = typeof photo === 'string' && photo.trim() !== '';
  const src = !hasPhoto ? brand.defaultLogo : failedPhoto === photo ? brand.defaultAvatar : photo;
  return (
    <Image
      src={src}
      alt={`${name} avatar`}
      boxSize={boxSize}
      borderRadius="full"
      objectFit="cover"
      flexShrink={0}
      bg="bg.muted"
      borderWidth="2px"
      borderColor="gold.muted"
      onError={() => {
        if (hasPhoto) setFailedPhoto(photo);
      }}
      {...props}
    />
  );
}
