import { Box, Container, Grid, Heading, Text } from '@chakra-ui/react';

import { LiveChatCard } from '../../features/chat/components/live-chat-card';

/** Spec §2 FAQ chat: the FAQ on the left, the 600 px Live Chat card on the right. */
export function FaqChatRoute() {
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '3', md: '6' }}>
      <title>FAQ & Live Chat — Lukis Emas</title>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2" letterSpacing="tight">
        FAQ & Live Chat
      </Heading>
      <Text color="fg.muted" mb={{ base: '5', md: '8' }}>
        Answers to common questions, and the live room where members and admins talk.
      </Text>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={{ base: '6', lg: '8' }} alignItems="start">
        <Box minW="0">{/* FAQ accordion: issue 3 */}</Box>
        <Box minW="0">
          <LiveChatCard />
        </Box>
      </Grid>
    </Container>
  );
}
