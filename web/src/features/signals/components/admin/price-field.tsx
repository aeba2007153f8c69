import { Button, Field, HStack, Input } from '@chakra-ui/react';

/** A price box: decimal keyboard on phones, monospaced digits; an optional action beside its label. */
export function PriceField({
  id,
  label,
  value,
  onChange,
  disabled,
  action,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  action?: { label: string; ariaLabel: string; onClick: () => void };
}) {
  return (
    <Field.Root id={id} required>
      <HStack justify="space-between" w="full" minH="5">
        <Field.Label fontWeight="medium" color="fg" fontSize="sm">
          {label}
        </Field.Label>
        {action ? (
          <Button size="2xs" variant="plain" color="fg.muted" _hover={{ color: 'red.300' }} px="0" h="auto" aria-label={action.ariaLabel} onClick={action.onClick} disabled={disabled}>
            {action.label}
          </Button>
        ) : null}
      </HStack>
      <Input
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        fontFamily="mono"
        bg="bg.muted"
        borderColor="border"
        _focusVisible={{ borderColor: 'gold.solid', outlineColor: 'gold.solid' }}
        disabled={disabled}
      />
    </Field.Root>
  );
}
