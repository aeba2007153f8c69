import { Field, Input } from '@chakra-ui/react';
import type { InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps extends Omit<InputProps, 'id' | 'name'> {
  /** The input's `id` and `name`. */
  name: string;
  label: string;
  error?: string | null;
  helperText?: ReactNode;
}

/** A labelled input with its error text, wired for screen readers (label `for`, `aria-invalid`, `aria-describedby`). */
export function FormField({ name, label, error, helperText, required, readOnly, ...inputProps }: FormFieldProps) {
  return (
    // Ark's Field.Root `id` is the control's id: the input gets id === name and the label points at it.
    <Field.Root id={name} invalid={Boolean(error)} required={required} readOnly={readOnly}>
      <Field.Label fontWeight="medium" color="fg">
        {label}
      </Field.Label>
      <Input
        name={name}
        readOnly={readOnly}
        size="lg"
        bg="bg.muted"
        borderColor="border"
        _hover={{ borderColor: 'gray.600' }}
        _focusVisible={{ borderColor: 'gold.solid', outlineColor: 'gold.solid' }}
        _readOnly={{ color: 'fg.muted', bg: 'bg.subtle', cursor: 'default' }}
        {...inputProps}
      />
      {helperText && !error ? <Field.HelperText color="fg.subtle">{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
