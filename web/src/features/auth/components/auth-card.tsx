import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card every sign-in screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="2xl"
      shadow="0 24px 60px -20px rgba(0, 0, 0, 0.7)"
      px={{ base: '5', sm: '8' }}
      py={{ base: '7', sm: '9' }}
      position="relative"
      overflow="hidden"
    >
      <Box position="absolute" top="0" insetX="0" h="3px" bgGradient="to-r" gradientFrom="gold.700" gradientVia="gold.300" gradientTo="gold.700" />
      <title>{`${title} — Lukis Emas`}</title>
      <Stack gap="2" mb="7" textAlign="center">
        <Heading as="h1" size="2xl" letterSpacing="tight">
          {title}
        </Heading>
        {subtitle ? (
          <Text color="fg.muted" fontSize="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {children}
      {footer ? (
        <Box mt="7" pt="5" borderTopWidth="1px" borderColor="border" textAlign="center" fontSize="sm" color="fg.muted">
          {footer}
        </Box>
      ) : null}
    </Box>
  );
}
