import { Button, Group } from '@chakra-ui/react';
import type { SignalSide } from '@le/contracts';

const SIDES: { value: SignalSide; label: string; palette: 'green' | 'red' }[] = [
  { value: 'buy', label: 'Buy', palette: 'green' },
  { value: 'sell', label: 'Sell', palette: 'red' },
];

/** Buy (green) or Sell (red), one chosen. */
export function SideToggle({ value, onChange, disabled }: { value: SignalSide; onChange: (side: SignalSide) => void; disabled?: boolean }) {
  return (
    <Group attached role="radiogroup" aria-label="Side" w="full">
      {SIDES.map((side) => {
        const selected = side.value === value;
        return (
          <Button
            key={side.value}
            flex="1"
            role="radio"
            aria-checked={selected}
            variant={selected ? 'solid' : 'outline'}
            colorPalette={selected ? side.palette : 'gray'}
            fontWeight="bold"
            letterSpacing="wide"
            disabled={disabled}
            onClick={() => onChange(side.value)}
            data-testid={`side-${side.value}`}
          >
            {side.label}
          </Button>
        );
      })}
    </Group>
  );
}
