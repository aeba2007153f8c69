import { LIMITS } from '@le/contracts';

import { FormField } from '@/components/ui/form-field';

interface CodeFieldProps {
  value: string;
  /** Receives the digits only. */
  onChange: (code: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}

/** The mailed 6-digit code, as the verify and reset screens ask for it. */
export function CodeField({ value, onChange, error, autoFocus }: CodeFieldProps) {
  return (
    <FormField
      name="code"
      label="Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      maxLength={LIMITS.resetCodeLength}
      letterSpacing="0.4em"
      fontFamily="mono"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
      autoFocus={autoFocus}
    />
  );
}
