import { Box, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

import { brand } from '@/config/brand';
import { paths } from '@/config/paths';

export function BrandMark({ size = 9 }: { size?: number }) {
  return (
    <Box
      boxSize={size}
      borderRadius="lg"
      borderWidth="2px"
      borderColor="gold.solid"
      display="grid"
      placeItems="center"
      fontFamily="brand"
      fontWeight="bold"
      color="gold.fg"
      fontSize={size >= 9 ? 'md' : 'sm'}
      bg="gold.subtle"
      flexShrink={0}
      aria-hidden
    >
      {brand.short}
    </Box>
  );
}

/** The brand, linking home. */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  return (
    <HStack asChild gap="2.5" _hover={{ textDecoration: 'none', opacity: 0.9 }}>
      <RouterLink to={paths.home.href}>
        <BrandMark />
        {compact ? null : (
          <Text fontFamily="brand" fontWeight="bold" fontSize="lg" letterSpacing="wide" color="gold.fg" whiteSpace="nowrap">
            {brand.name}
          </Text>
        )}
      </RouterLink>
    </HStack>
  );
}
