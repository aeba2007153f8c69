import { Field, Textarea } from '@chakra-ui/react';
import { SIGNAL_RULES } from '@le/contracts';

/** The analysis: optional, for Expert members and admins only, up to 5,000 characters. */
export function AnalysisField({ id, value, onChange, disabled }: { id: string; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return (
    <Field.Root id={id}>
      <Field.Label fontWeight="medium" color="fg" fontSize="sm">
        Analysis (optional)
      </Field.Label>
      <Textarea
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={SIGNAL_RULES.analysisMax}
        rows={4}
        placeholder="Why this trade: the setup, the levels, what would cancel it"
        bg="bg.muted"
        borderColor="border"
        _focusVisible={{ borderColor: 'gold.solid', outlineColor: 'gold.solid' }}
        disabled={disabled}
      />
      <Field.HelperText color="fg.subtle">
        Expert members and admins see it. {value.length}/{SIGNAL_RULES.analysisMax}
      </Field.HelperText>
    </Field.Root>
  );
}
