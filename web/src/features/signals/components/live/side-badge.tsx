import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { SignalSide } from '@le/contracts';

/** BUY on green, SELL on red (the landing page's promise: buy green, sell red). */
export function SideBadge({ side, ...props }: { side: SignalSide } & BadgeProps) {
  return (
    <Badge
      variant="solid"
      colorPalette={side === 'buy' ? 'green' : 'red'}
      fontWeight="bold"
      letterSpacing="wider"
      px="2.5"
      borderRadius="md"
      data-testid="side-badge"
      data-side={side}
      {...props}
    >
      {side === 'buy' ? 'BUY' : 'SELL'}
    </Badge>
  );
}
