import { Box, VisuallyHidden, chakra } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';

import { OnDemand, onDemand } from '@/components/ui/on-demand';
import { COARSE_POINTER } from '@/components/ui/system';
import type { StatTipIds } from './stat-tip-popover';

const { Part: StatTipPopover, preload: preloadPopover } = onDemand(() => import('./stat-tip-popover').then((module) => module.StatTipPopover));
// Fetched as soon as the page's scripts run, beside the hydration: a tip tapped the moment the page
// answers does not wait for it, and the page's start does not carry it.
if (typeof window !== 'undefined') void preloadPopover().catch(() => undefined);

/**
 * A figure's one-line explanation, shown on hover with a mouse and on tap or Enter elsewhere (a
 * tooltip alone never opens on a phone). The trigger is the figure's label, a real button, drawn with
 * the page; the popover that shows the explanation comes in its own chunk (fetched as above); a tip asked
 * for before it arrived opens when it does.
 */
export function StatTip({ label, tip, children }: { label: string; tip: string; children?: ReactNode }) {
  const id = useId();
  const ids = useMemo<StatTipIds>(() => ({ trigger: `${id}-trigger`, content: `${id}-content`, positioner: `${id}-positioner` }), [id]);
  const [open, setOpen] = useState(false);
  // The popover is mounted from the first opening on (and stays, closed, for the next).
  const [asked, setAsked] = useState(false);
  const show = (next: boolean) => {
    if (next) setAsked(true);
    setOpen(next);
  };
  // With a mouse the tip follows the pointer: a click on a label it already shows keeps it open
  // (a toggle would close what the hover just opened).
  const hovering = useRef(false);
  const mouseClick = useRef(false);
  return (
    <>
      <chakra.button
        type="button"
        id={ids.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={ids.content}
        data-state={open ? 'open' : 'closed'}
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
        onPointerEnter={(event) => {
          if (event.pointerType !== 'mouse') return;
          hovering.current = true;
          show(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType !== 'mouse') return;
          hovering.current = false;
          show(false);
        }}
        onPointerDown={(event) => {
          mouseClick.current = event.pointerType === 'mouse';
          // A press or the keyboard's focus mounts the popover, closed, ahead of the click that opens it.
          setAsked(true);
        }}
        onFocus={() => setAsked(true)}
        // Escape closes it even while the popover's file is on its way (the popover handles it once there)
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        onClick={() => {
          const keep = mouseClick.current && hovering.current;
          mouseClick.current = false;
          show(keep || !open);
        }}
      >
        {label}
        <Box as="span" aria-hidden="true" fontSize="2xs" borderWidth="1px" borderColor="border.emphasized" borderRadius="full" w="14px" h="14px" display="inline-flex" alignItems="center" justifyContent="center" textTransform="none" lineHeight="1">
          i
        </Box>
        {children}
        {/* Its name is what it shows, then what it does (a name that left out the shown value would mislead a screen reader). */}
        <VisuallyHidden>: what it means</VisuallyHidden>
      </chakra.button>
      {asked ? (
        <OnDemand
          onFailed={() => {
            // closed and unmounted: the next ask loads it anew
            setOpen(false);
            setAsked(false);
          }}
        >
          <StatTipPopover ids={ids} open={open} onClose={() => setOpen(false)} tip={tip} />
        </OnDemand>
      ) : null}
    </>
  );
}
