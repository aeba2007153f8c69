import { Popover, Portal, Text } from '@chakra-ui/react';

export type StatTipIds = { trigger: string; content: string; positioner: string };

/**
 * A stat tip's explanation, in a chunk of its own (Chakra's popover and its positioning are some 32 KB gzipped
 * that /signals' start does without). Its trigger is StatTip's button, found by its id: the popover
 * places itself against it, leaves it out of "a tap outside" and gives it the focus back.
 */
export function StatTipPopover({ ids, open, onClose, tip }: { ids: StatTipIds; open: boolean; onClose: () => void; tip: string }) {
  return (
    <Popover.Root
      ids={ids}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      positioning={{ placement: 'top-start', gutter: 6 }}
      autoFocus={false}
    >
      <Portal>
        {/* Styled here: the theme ships no popover recipe (system.ts keeps the entry small). */}
        <Popover.Positioner zIndex="popover">
          <Popover.Content
            maxW="72"
            px="3"
            py="2"
            bg="bg.panel"
            color="fg"
            borderWidth="1px"
            borderColor="border.emphasized"
            borderRadius="md"
            boxShadow="lg"
            outline="none"
            data-testid="stat-tip"
          >
            <Text fontSize="sm">{tip}</Text>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
