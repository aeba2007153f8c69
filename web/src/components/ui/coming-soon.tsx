import { Badge, Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { ClockIcon } from './icons';

interface ComingSoonProps {
  title: string;
  description: string;
  /** What the finished page will offer, as short points. */
  highlights?: string[];
  children?: ReactNode;
}

/** A page whose content is still on its way: a real heading and a short description. */
export function ComingSoon({ title, description, highlights = [], children }: ComingSoonProps) {
  return (
    <Container maxW="5xl" py={{ base: '10', md: '16' }}>
      <title>{`${title} — Lukis Emas`}</title>
      <Stack gap="4">
        <Badge alignSelf="flex-start" colorPalette="gold" variant="subtle" borderRadius="full" px="3" py="1" gap="1.5">
          <ClockIcon boxSize="3.5" /> Coming soon
        </Badge>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl">
          {description}
        </Text>
        {highlights.length > 0 ? (
          <Box
            as="ul"
            mt="4"
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
            gap="4"
            listStyleType="none"
          >
            {highlights.map((item) => (
              <Box as="li" key={item} bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p="5" color="fg.muted">
                <Box w="8" h="1" bg="gold.solid" borderRadius="full" mb="3" />
                {item}
              </Box>
            ))}
          </Box>
        ) : null}
        {children}
      </Stack>
    </Container>
  );
}
