import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { TOP_BAR_HEIGHT } from '@/components/layouts/top-bar';

/**
 * Spec §2: on wide screens the list takes the left third and the conversation the right two thirds;
 * under 768 px only one of them shows (the conversation once one is chosen, with a back button).
 */
export function ChatSplitLayout({
  list,
  conversation,
  showConversation,
  aside,
}: {
  list: ReactNode;
  conversation: ReactNode;
  showConversation: boolean;
  /** A third column beside the conversation (the admin's member panel), given only when there is room for it. */
  aside?: ReactNode;
}) {
  return (
    <Flex h={`calc(100dvh - ${TOP_BAR_HEIGHT})`} minH="420px" maxW="7xl" mx="auto" px={{ base: '0', md: '4' }} py={{ base: '0', md: '4' }} gap="4">
      <Box
        display={{ base: showConversation ? 'none' : 'block', md: 'block' }}
        w={{ base: 'full', md: '1/3' }}
        maxW={aside ? 'xs' : undefined}
        flexShrink={0}
        minW="0"
        bg="bg.panel"
        borderWidth={{ base: '0', md: '1px' }}
        borderColor="border"
        borderRadius={{ base: '0', md: 'xl' }}
        overflow="hidden"
      >
        {list}
      </Box>
      <Box
        display={{ base: showConversation ? 'block' : 'none', md: 'block' }}
        w={{ base: 'full', md: '2/3' }}
        flex={aside ? '1' : undefined}
        minW="0"
        bg="bg.panel"
        borderWidth={{ base: '0', md: '1px' }}
        borderColor="border"
        borderRadius={{ base: '0', md: 'xl' }}
        overflow="hidden"
      >
        {conversation}
      </Box>
      {aside ? (
        <Box as="aside" aria-label="Member" w="340px" flexShrink={0} minW="0" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" overflowY="auto">
          {aside}
        </Box>
      ) : null}
    </Flex>
  );
}
