import { Box, Center, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { brand } from '@/config/brand';
import { BrandLogo } from '@/components/ui/brand-logo';

/** The sign-in area: the brand on top and a centred card on the dark background. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Flex
      direction="column"
      minH="100dvh"
      bg="bg"
      backgroundImage="radial-gradient(ellipse 80% 50% at 50% -10%, rgba(212, 160, 23, 0.18), transparent 70%)"
      px="4"
    >
      <Flex as="header" justify="center" pt={{ base: '8', md: '12' }} pb="6">
        <BrandLogo />
      </Flex>
      <Center as="main" id="main" flex="1" alignItems={{ base: 'flex-start', md: 'center' }} pb="10">
        <Box w="full" maxW="md">
          {children}
        </Box>
      </Center>
      <Text as="footer" textAlign="center" color="fg.subtle" fontSize="xs" pb="6">
        © {new Date().getFullYear()} {brand.name}
      </Text>
    </Flex>
  );
}
