import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { SIGNAL_RULES } from '@le/contracts';

import { PriceField } from './price-field';

/** TP1 to TP3: one at least, add up to three, remove any while more than one is left. */
export function TakeProfitFields({ idPrefix, values, onChange, disabled }: { idPrefix: string; values: string[]; onChange: (values: string[]) => void; disabled?: boolean }) {
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {values.map((value, index) => (
          <PriceField
            key={index}
            id={`${idPrefix}-tp${index + 1}`}
            label={`TP${index + 1}`}
            value={value}
            onChange={(next) => onChange(values.map((current, i) => (i === index ? next : current)))}
            disabled={disabled}
            action={
              values.length > 1
                ? { label: 'Remove', ariaLabel: `Remove TP${index + 1}`, onClick: () => onChange(values.filter((_, i) => i !== index)) }
                : undefined
            }
          />
        ))}
      </SimpleGrid>
      {values.length < SIGNAL_RULES.maxTakeProfits ? (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onChange([...values, ''])} disabled={disabled}>
          + Add take-profit
        </Button>
      ) : null}
    </Stack>
  );
}
