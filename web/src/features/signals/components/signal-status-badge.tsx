import { Badge } from '@chakra-ui/react';
import type { Signal } from '@le/contracts';

import { STATUS_LABELS } from '@/features/signals/utils/format';

const palette: Record<Signal['status'], string> = { open: 'gold', closed: 'gray', cancelled: 'gray' };

/** Open (gold), closed, cancelled. */
export function SignalStatusBadge({ status }: { status: Signal['status'] }) {
  return (
    <Badge colorPalette={palette[status]} variant={status === 'open' ? 'subtle' : 'outline'} borderRadius="full" px="2" data-testid="signal-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
