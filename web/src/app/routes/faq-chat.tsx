import { Badge, Box, Card, Container, Grid, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@le/contracts';

import { MessageIcon } from '../../components/ui/icons';
import { FaqAccordion } from '../../features/faq-chat/components/faq-accordion';

/**
 * The right column of /faq-chat: the "Live Chat" card, exactly 600 px high (spec §2). The chat
 * issue fills its body with the live room; until then it says the room is on its way.
 */
function LiveChatCard() {
  return (
    <Card.Root h={`${LIMITS.chatCardHeightPx}px`} bg="bg.panel" borderColor="border" borderRadius="xl" overflow="hidden" data-testid="live-chat-card">
      <Card.Header borderBottomWidth="1px" borderColor="border" py="4">
        <HStack justify="space-between">
          <HStack gap="2">
            <MessageIcon boxSize="5" color="gold.fg" />
            <Heading as="h2" size="md">
              Live Chat
            </Heading>
          </HStack>
          <Badge colorPalette="gold" variant="subtle" borderRadius="full">
            Community
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body display="flex" alignItems="center" justifyContent="center">
        <Stack align="center" gap="3" textAlign="center" maxW="xs" role="status">
          <Spinner color="gold.solid" size="md" />
          <Text fontWeight="medium">The live room is loading…</Text>
          <Text color="fg.muted" fontSize="sm">
            Members and admins talk here in real time. Guests and trial users can read along.
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

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
