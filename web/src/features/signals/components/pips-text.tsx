import { Text, type TextProps } from '@chakra-ui/react';

import { formatPips, pipsColor } from '@/features/signals/utils/format';

/** Pips with their sign: green for a gain, red for a loss. */
export function PipsText({ pips, suffix = '', ...props }: { pips: number | null; suffix?: string } & TextProps) {
  return (
    <Text as="span" fontFamily="mono" fontWeight="semibold" color={pipsColor(pips)} whiteSpace="nowrap" data-testid="pips" {...props}>
      {formatPips(pips)}
      {pips === null ? '' : suffix}
    </Text>
  );
}
