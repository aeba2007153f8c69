import { Button, Group, HStack } from '@chakra-ui/react';
import type { SignalSide } from '@le/contracts';

import type { SignalFilters as Filters, SignalStatusFilter } from '@/features/signals/api/keys';

const STATUSES: { value: SignalStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const SIDES: { value: SignalSide | null; label: string }[] = [
  { value: null, label: 'Both sides' },
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
];

function Choice<T>({ label, options, value, onChange }: { label: string; options: { value: T; label: string }[]; value: T; onChange: (value: T) => void }) {
  return (
    <Group attached role="group" aria-label={label}>
      {options.map((option) => {
        const active = option.value === value;
        return (
          <Button
            key={option.label}
            size="sm"
            variant={active ? 'solid' : 'outline'}
            colorPalette={active ? 'gold' : 'gray'}
            aria-pressed={active}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** The list's filters: status (Open / Closed / All) and side (Buy / Sell). */
export function SignalFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  return (
    <HStack gap="3" wrap="wrap" data-testid="signal-filters">
      <Choice label="Status" options={STATUSES} value={filters.status} onChange={(status) => onChange({ ...filters, status })} />
      <Choice label="Side" options={SIDES} value={filters.side ?? null} onChange={(side) => onChange({ ...filters, side })} />
    </HStack>
  );
}
