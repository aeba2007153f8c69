import { Box, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';

import { LiveChatCard } from '@/features/chat/components/live-chat-card';
import { FaqAccordion } from '@/features/faq-chat/components/faq-accordion';

/** Spec §2 FAQ chat: the five-question FAQ on the left, the 600 px Live Chat card on the right. */
export function FaqChatRoute() {
  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>FAQ &amp; Live Chat — Lukis Emas</title>
      <Stack gap="2" mb={{ base: '6', md: '8' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          FAQ &amp; Live Chat
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          Find a quick answer, or ask the community and our admins live.
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap={{ base: '8', lg: '10' }} alignItems="start">
        <FaqAccordion />
        <Box minW="0">
          <LiveChatCard />
        </Box>
      </Grid>
    </Container>
  );
}
