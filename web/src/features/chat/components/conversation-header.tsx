import { Flex, IconButton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { BackIcon } from './chat-icons';

/** The conversation's title row; under 768 px a back button returns to the list. */
export function ConversationHeader({
  title,
  subtitle,
  avatar,
  actions,
  onBack,
}: {
  title: string;
  subtitle?: string;
  avatar?: ReactNode;
  /** At the row's end (the admin's button to the member panel on narrow screens). */
  actions?: ReactNode;
  onBack: () => void;
}) {
  return (
    <Flex align="center" gap="3" px="3" py="2.5" borderBottomWidth="1px" borderColor="border" minH="14">
      <IconButton aria-label="Back to chats" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }} onClick={onBack} data-testid="chat-back">
        <BackIcon />
      </IconButton>
      {avatar}
      <Flex direction="column" minW="0" flex="1">
        <Text fontWeight="semibold" truncate>
          {title}
        </Text>
        {subtitle ? (
          <Text fontSize="xs" color="fg.muted" truncate>
            {subtitle}
          </Text>
        ) : null}
      </Flex>
      {actions}
    </Flex>
  );
}
