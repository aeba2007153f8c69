import { Box, Text } from '@chakra-ui/react';
import type { SignalStats } from '@le/contracts';
import { useId, useMemo } from 'react';

import { formatDate, useTimeZone } from '@/lib/dates';
import { curveGeometry } from '@/features/signals/utils/curve';
import { formatPips } from '@/features/signals/utils/format';

const HEIGHT = 240;
/** The drawing's own units: the SVG stretches to the box, its strokes keep their width. */
const W = 1000;
const H = 1000;

/** A label placed inside the chart at a share of its width and height, kept off the edges. */
function Label({ x, y, align, children, testId }: { x: number; y: number; align: 'start' | 'end'; children: string; testId: string }) {
  return (
    <Text
      position="absolute"
      top={`${y * 100}%`}
      {...(align === 'start' ? { left: `calc(${x * 100}% + 6px)` } : { right: `calc(${(1 - x) * 100}% + 6px)` })}
      transform="translateY(-50%)"
      fontSize="xs"
      fontFamily="mono"
      color="fg.muted"
      bg="bg.panel/80"
      px="1"
      borderRadius="sm"
      whiteSpace="nowrap"
      pointerEvents="none"
      data-testid={testId}
    >
      {children}
    </Text>
  );
}

/**
 * Cumulative pips after each close, from the first close (left edge) to the last (right edge):
 * green above zero, red below, its labels (the last total, the peak, zero, the first and last
 * dates) drawn inside the chart so none covers another or runs off it.
 */
export function EquityCurve({ curve }: { curve: SignalStats['curve'] }) {
  const geometry = useMemo(() => curveGeometry(curve), [curve]);
  const zone = useTimeZone();
  const id = useId().replace(/:/g, '');
  if (!geometry) return null;
  const { points, zeroY } = geometry;
  const first = points[0]!;
  const last = points.at(-1)!;
  const peak = points.reduce((best, point) => (point.pips > best.pips ? point : best), first);
  const day = (iso: string | null | undefined) => formatDate(iso, zone);
  const line = points.length === 1 ? `M 0 ${last.y * H} L ${W} ${last.y * H}` : points.map((point, i) => `${i === 0 ? 'M' : 'L'} ${point.x * W} ${point.y * H}`).join(' ');
  const area = `${line} L ${W} ${zeroY * H} L 0 ${zeroY * H} Z`;
  // The last total's label sits beside the end point, above it unless that would leave the chart.
  const lastLabelY = Math.min(0.92, Math.max(0.08, last.y + (last.y > 0.2 ? -0.09 : 0.09)));
  const showPeak = peak.pips > 0 && peak !== last && (peak.x < 0.6 || Math.abs(peak.y - lastLabelY) > 0.08);

  return (
    <Box
      position="relative"
      h={`${HEIGHT}px`}
      w="full"
      minW="0"
      data-testid="equity-curve"
      role="img"
      aria-label={`Equity curve: cumulative pips after each of ${points.length} closes, from ${day(first.at)} to ${day(last.at)}, now ${formatPips(last.pips)} pips`}
      borderRadius="lg"
      bg="bg.muted/40"
      overflow="hidden"
    >
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" width="100%" height="100%" aria-hidden="true" style={{ display: 'block' }}>
        <defs>
          <clipPath id={`${id}-above`}>
            <rect x="0" y="0" width={W} height={zeroY * H} />
          </clipPath>
          <clipPath id={`${id}-below`}>
            <rect x="0" y={zeroY * H} width={W} height={H - zeroY * H} />
          </clipPath>
        </defs>
        <line x1="0" x2={W} y1={zeroY * H} y2={zeroY * H} stroke="currentColor" strokeOpacity="0.25" strokeDasharray="6 6" vectorEffect="non-scaling-stroke" />
        <path d={area} fill="rgba(74, 222, 128, 0.18)" clipPath={`url(#${id}-above)`} />
        <path d={area} fill="rgba(248, 113, 113, 0.18)" clipPath={`url(#${id}-below)`} />
        <path d={line} fill="none" stroke="#4ade80" strokeWidth="2" vectorEffect="non-scaling-stroke" strokeLinejoin="round" clipPath={`url(#${id}-above)`} />
        <path d={line} fill="none" stroke="#f87171" strokeWidth="2" vectorEffect="non-scaling-stroke" strokeLinejoin="round" clipPath={`url(#${id}-below)`} />
      </svg>
      {/* Dots as HTML, so the stretched drawing keeps them round. */}
      <Box
        position="absolute"
        top={`${last.y * 100}%`}
        right="0"
        boxSize="8px"
        transform="translate(-2px, -50%)"
        borderRadius="full"
        bg={last.pips < 0 ? 'red.400' : 'green.400'}
        pointerEvents="none"
      />
      <Label x={1} y={lastLabelY} align="end" testId="curve-last">{`${formatPips(last.pips)} pips`}</Label>
      {showPeak ? <Label x={peak.x > 0.7 ? 0.7 : peak.x} y={Math.max(0.06, peak.y - 0.08)} align="start" testId="curve-peak">{`peak ${formatPips(peak.pips)}`}</Label> : null}
      <Label x={0} y={zeroY} align="start" testId="curve-zero">0</Label>
      <Label x={0} y={0.95} align="start" testId="curve-first-date">{day(first.at)}</Label>
      {points.length > 1 ? <Label x={1} y={0.95} align="end" testId="curve-last-date">{day(last.at)}</Label> : null}
    </Box>
  );
}
