import { Box, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs } from 'react-router';

import { LiveChatCard } from '@/features/chat/components/live-chat-card';
import { chatKeys } from '@/features/chat/api/keys';
import { FaqAccordion } from '@/features/faq-chat/components/faq-accordion';
import { WithPageReads, readForPage, readInBrowser } from '@/app/server-reads';
import { HydrationPart } from '@/components/ui/hydration-part';

/**
 * The room's newest page as a guest sees it (features/chat/hooks/use-seeded-stream.ts reads it), and
 * the room's settings from the same read (hooks/use-room.ts): a guest's room reads nothing as it starts.
 */
export const loader = ({ context }: LoaderFunctionArgs) => {
  const page = context.reads.publicChat();
  return readForPage([
    [chatKeys.publicPage(), () => page],
    [chatKeys.room('guest'), async () => (await page).room ?? Promise.reject(new Error('no room in the read'))],
  ]);
};
export const clientLoader = readInBrowser;

/** The two parts as constant elements: the route's own renders do not draw them again (hydration-part.tsx). */
const ROOM = <LiveChatCard />;
const FAQ = <FaqAccordion />;

/**
 * Spec §2 FAQ chat: the five-question FAQ on the left, the 600 px Live Chat card on the right. On a
 * phone, where they stack, the room comes first: people open this page to talk or to read what the
 * room says now; the FAQ, read once, follows. The document has the room first too, so reading and
 * tab order match what a phone shows.
 */
export default function FaqChatRoute() {
  return (
    <WithPageReads>
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
        {/* The room and the FAQ hydrate as parts of their own: a question tapped while the page
            hydrates opens without waiting for the room (components/ui/hydration-part.tsx). */}
        <Box minW="0" gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }} data-testid="faq-chat-room">
          <HydrationPart>{ROOM}</HydrationPart>
        </Box>
        <Box minW="0" gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
          <HydrationPart>{FAQ}</HydrationPart>
        </Box>
      </Grid>
    </Container>
    </WithPageReads>
  );
}
