import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { LIMITS } from '@le/contracts';

const inputStyle = {
  bg: 'bg.muted',
  borderColor: 'border',
  _focusVisible: { borderColor: 'gold.solid', outlineColor: 'gold.solid' },
} as const;

/** Title and description of a history post, with their limits. */
export function HistoryTextFields({
  title,
  description,
  onTitle,
  onDescription,
  errors,
  disabled,
}: {
  title: string;
  description: string;
  onTitle: (value: string) => void;
  onDescription: (value: string) => void;
  errors: { title?: string | undefined; description?: string | undefined };
  disabled?: boolean;
}) {
  return (
    <Stack gap="5">
      <Field.Root id="history-title" invalid={Boolean(errors.title)} required>
        <Field.Label fontWeight="medium" color="fg">
          Title
        </Field.Label>
        <Input name="title" value={title} onChange={(event) => onTitle(event.target.value)} maxLength={LIMITS.historyTitleMax} disabled={disabled} {...inputStyle} />
        {errors.title ? <Field.ErrorText>{errors.title}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root id="history-description" invalid={Boolean(errors.description)} required>
        <Field.Label fontWeight="medium" color="fg">
          Description
        </Field.Label>
        <Textarea
          name="description"
          value={description}
          onChange={(event) => onDescription(event.target.value)}
          maxLength={LIMITS.historyDescriptionMax}
          rows={6}
          disabled={disabled}
          {...inputStyle}
        />
        <Field.HelperText color="fg.subtle">
          {[...description].length}/{LIMITS.historyDescriptionMax}
        </Field.HelperText>
        {errors.description ? <Field.ErrorText>{errors.description}</Field.ErrorText> : null}
      </Field.Root>
    </Stack>
  );
}
