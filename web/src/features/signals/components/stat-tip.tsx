import { Box, Popover, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';

import { COARSE_POINTER } from '@/components/ui/system';

/**
 * A figure's one-line explanation, shown on hover with a mouse and on tap or Enter elsewhere (a
 * tooltip alone never opens on a phone). The trigger is the figure's label, a real button.
 */
export function StatTip({ label, tip, children }: { label: string; tip: string; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  // With a mouse the tip follows the pointer: a click on a label it already shows keeps it open
  // (the trigger's own toggle would close what the hover just opened).
  const hovering = useRef(false);
  const mouseClick = useRef(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        const keep = !details.open && mouseClick.current && hovering.current;
        mouseClick.current = false;
        if (!keep) setOpen(details.open);
      }} positioning={{ placement: 'top-start', gutter: 6 }} autoFocus={false}>
      <Popover.Trigger asChild>
        <Box
          as="button"
          display="inline-flex"
          alignItems="center"
          gap="1"
          fontSize="xs"
          color="fg.subtle"
          textTransform="uppercase"
          letterSpacing="wider"
          textAlign="start"
          cursor="help"
          borderRadius="sm"
          // A finger needs 40 px to hit it, as every button of the theme gets on a coarse pointer.
          css={{ [COARSE_POINTER]: { minHeight: '40px', minWidth: '40px' } }}
          onPointerEnter={(event: React.PointerEvent) => {
            if (event.pointerType !== 'mouse') return;
            hovering.current = true;
            setOpen(true);
          }}
          onPointerLeave={(event: React.PointerEvent) => {
            if (event.pointerType !== 'mouse') return;
            hovering.current = false;
            setOpen(false);
          }}
          onPointerDown={(event: React.PointerEvent) => {
            mouseClick.current = event.pointerType === 'mouse';
          }}
        >
          {label}
          <Box as="span" aria-hidden="true" fontSize="2xs" borderWidth="1px" borderColor="border.emphasized" borderRadius="full" w="14px" h="14px" display="inline-flex" alignItems="center" justifyContent="center" textTransform="none" lineHeight="1">
            i
          </Box>
          {children}
          {/* Its name is what it shows, then what it does (a name that left out the shown value would mislead a screen reader). */}
          <VisuallyHidden>: what it means</VisuallyHidden>
        </Box>
      </Popover.Trigger>
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
