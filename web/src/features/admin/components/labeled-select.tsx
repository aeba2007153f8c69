import { Field, NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select (small screens get the platform picker). */
export function LabeledSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  hideLabel,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  return (
    <Field.Root id={id} disabled={disabled}>
      <Field.Label srOnly={hideLabel} fontWeight="medium">
        {label}
      </Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} bg="bg.muted" borderColor="border">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
