import { Box, VisuallyHidden } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';

import { OnDemand, onDemand, usePreloadWhenIdle } from '@/components/ui/on-demand';
import { COARSE_POINTER } from '@/components/ui/system';
import { useWantedOnce } from '@/hooks/use-wanted-once';

const { Part: StatTipPopover, preload: preloadPopover } = onDemand(() => import('./stat-tip-popover').then((module) => module.StatTipPopover));

/**
 * A figure's one-line explanation, shown on hover with a mouse and on tap or Enter elsewhere (a
 * tooltip alone never opens on a phone). The trigger is the figure's label, a real button, drawn with
 * the page; the explanation's popover is fetched once the page is live and drawn from the first
 * opening on.
 */
export function StatTip({ label, tip, children }: { label: string; tip: string; children?: ReactNode }) {
  const id = useId();
  const ids = useMemo(() => ({ trigger: `${id}trigger`, content: `${id}content` }), [id]);
  const [open, setOpen] = useState(false);
  // Drawn from the first opening on (and kept, so that it can close as it should).
  const wanted = useWantedOnce(open);
  usePreloadWhenIdle(preloadPopover);
  // With a mouse the tip follows the pointer: a click on a label it already shows keeps it open.
  const hovering = useRef(false);
  const mouseClick = useRef(false);
  return (
    <>
      <Box
        as="button"
        id={ids.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? ids.content : undefined}
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
        onClick={() => {
          const keep = open && mouseClick.current && hovering.current;
          mouseClick.current = false;
          setOpen(keep || !open);
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
      {wanted ? (
        <OnDemand onFailed={() => setOpen(false)}>
          <StatTipPopover ids={ids} open={open} onOpenChange={setOpen} tip={tip} />
        </OnDemand>
      ) : null}
    </>
  );
}
