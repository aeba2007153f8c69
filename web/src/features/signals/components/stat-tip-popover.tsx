import { Popover, Portal, Text } from '@chakra-ui/react';

/**
 * A stat tip's explanation (stat-tip.tsx), in a file of its own: Chakra's popover (its state machine,
 * placement and dismissal) is only fetched once the page is live. The label's button is the trigger
 * by its id (`ids.trigger`): the popover is placed against it, leaves its clicks to it, and gives it
 * the focus back.
 */
export function StatTipPopover({ ids, open, onOpenChange, tip }: { ids: { trigger: string; content: string }; open: boolean; onOpenChange: (open: boolean) => void; tip: string }) {
  return (
    <Popover.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} ids={ids} positioning={{ placement: 'top-start', gutter: 6 }} autoFocus={false}>
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
