import { Box, Container, Flex, Grid, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { BrandLogo } from '@/components/ui/brand-logo';

const columns = [
  {
    title: 'Explore',
    links: [
      { label: 'Overview', href: paths.home.href },
      { label: 'Past Paintings', href: paths.history.href },
      { label: 'Gold Chart', href: paths.live.href },
    ],
  },
  {
    title: 'Members',
    links: [
      { label: 'Member Area', href: paths.dashboardMember.href },
      { label: 'Plans & Payment', href: paths.paymentMembership.href },
      { label: 'Account Settings', href: paths.settings.href },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Questions & Answers', href: paths.faqChat.href },
      { label: 'Contact an Admin', href: paths.chatUser.href },
      { label: 'Password Help', href: paths.auth.forgotPassword.href },
    ],
  },
] as const;

/** Footer of spec §2: brand, description, three link columns, copyright. */
export function Footer() {
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" borderColor="border" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <Grid templateColumns={{ base: '1fr', md: '1.4fr repeat(3, 1fr)' }} gap={{ base: '8', md: '10' }}>
          <Stack gap="4" maxW="sm">
            <BrandLogo />
            <Text color="fg.muted" fontSize="sm" lineHeight="tall">
              {brand.description}
            </Text>
          </Stack>
          <Grid templateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'subgrid' }} gridColumn={{ md: 'span 3' }} gap="8">
            {columns.map((column) => (
              <Stack key={column.title} as="nav" aria-label={column.title} gap="3">
                <Text fontSize="xs" fontWeight="bold" letterSpacing="widest" textTransform="uppercase" color="gold.fg">
                  {column.title}
                </Text>
                {column.links.map((link) => (
                  <Link key={link.label} asChild color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
                    <RouterLink to={link.href}>{link.label}</RouterLink>
                  </Link>
                ))}
              </Stack>
            ))}
          </Grid>
        </Grid>
        <Flex
          mt={{ base: '10', md: '12' }}
          pt="6"
          borderTopWidth="1px"
          borderColor="border"
          direction={{ base: 'column', sm: 'row' }}
          gap="2"
          justify="space-between"
          color="fg.subtle"
          fontSize="sm"
        >
          {/* A page the server drew on New Year's Eve may name the year its reader has left. */}
          <Text suppressHydrationWarning>
            © {new Date().getFullYear()} {brand.name}. All rights reserved.
          </Text>
          <Text>XAU/USD data is for information only, not financial advice.</Text>
        </Flex>
      </Container>
    </Box>
  );
}
