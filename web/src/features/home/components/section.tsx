import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Eyebrow({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="xs" fontWeight="bold" letterSpacing="0.2em" textTransform="uppercase" color="gold.fg">
      {children}
    </Text>
  );
}

export function SectionHeading({ eyebrow, title, children, align = 'start' }: { eyebrow?: string; title: string; children?: ReactNode; align?: 'start' | 'center' }) {
  return (
    <Stack gap="3" textAlign={align} align={align === 'center' ? 'center' : 'flex-start'} maxW="3xl" mx={align === 'center' ? 'auto' : undefined}>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <Heading as="h2" fontSize={{ base: '3xl', md: '4xl' }} lineHeight="1.15" letterSpacing="tight">
        {title}
      </Heading>
      {children ? (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}

export function Section({ children, ...props }: BoxProps) {
  return (
    <Box as="section" py={{ base: '16', md: '24' }} {...props}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        {children}
      </Container>
    </Box>
  );
}
