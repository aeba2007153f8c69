import { HStack, Input, NativeSelect } from '@chakra-ui/react';
import { MODERATION } from '@le/contracts';

/** A time-out's lengths offered first (contract §13: 10 min, 1 h, 24 h), then a custom number of minutes. */
const PRESETS = MODERATION.timeoutPresetsMinutes.map((minutes) => ({ minutes, label: minutes < 60 ? `${minutes} min` : `${minutes / 60} h` }));

/** The select's first choice. */
export const DEFAULT_TIMEOUT_CHOICE = String(PRESETS[0]!.minutes);

/** The minutes a choice stands for ('custom': the typed number). */
export const timeoutMinutesOf = (choice: string, custom: string): number => Number(choice === 'custom' ? custom : choice);

/** Whether `minutes` is a length the API takes (a whole number from 1 minute to 7 days). */
export const isTimeoutLength = (minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= MODERATION.timeoutMinutesMin && minutes <= MODERATION.timeoutMinutesMax;

/** How long a time-out lasts: a preset, or Custom… with its minutes. One control for every place an admin times a member out. */
export function TimeoutLength({
  choice,
  custom,
  onChoice,
  onCustom,
}: {
  choice: string;
  custom: string;
  onChoice: (choice: string) => void;
  onCustom: (custom: string) => void;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field aria-label="Length" value={choice} onChange={(event) => onChoice(event.target.value)} bg="bg.muted">
          {PRESETS.map((preset) => (
            <option key={preset.minutes} value={preset.minutes}>
              {preset.label}
            </option>
          ))}
          <option value="custom">Custom…</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {choice === 'custom' ? (
        <Input
          size="sm"
          width="28"
          type="number"
          min={MODERATION.timeoutMinutesMin}
          max={MODERATION.timeoutMinutesMax}
          aria-label="Minutes"
          value={custom}
          onChange={(event) => onCustom(event.target.value)}
        />
      ) : null}
    </HStack>
  );
}
