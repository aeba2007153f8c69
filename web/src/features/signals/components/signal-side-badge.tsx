import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { SignalSide } from '@le/contracts';

import { sideLabel } from '@/features/signals/utils/format';

/** BUY on green, SELL on red; an open signal this viewer may not see shows a neutral "Locked". */
export function SignalSideBadge({ side, ...props }: { side: SignalSide | null } & BadgeProps) {
  if (side === null) {
    return (
      <Badge variant="outline" colorPalette="gray" fontWeight="bold" letterSpacing="wider" px="2" borderRadius="md" data-testid="side-badge" data-side="locked" {...props}>
        Locked
      </Badge>
    );
  }
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
      {sideLabel(side)}
    </Badge>
  );
}
