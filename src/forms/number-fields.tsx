import type { ComponentProps } from 'react';
import { formatDecimalTyping, formatMoneyFinal, formatMoneyTyping } from '../domain/numbers';
import { TextField } from './text-field';

type Props = Omit<ComponentProps<typeof TextField>, 'format' | 'settle' | 'inputMode' | 'type'>;

/**
 * Money typed the Brazilian way ('1.234,56', '1234.56'), shown as 'R$ 1.234,56' once left. A text
 * input with the decimal keyboard: a number input would drop the comma.
 */
export function MoneyField(props: Props) {
  return (
    <TextField
      inputMode="decimal"
      placeholder="R$ 0,00"
      format={formatMoneyTyping}
      settle={formatMoneyFinal}
      {...props}
    />
  );
}

/** A weight or a dimension: digits and one decimal comma ('1.5' shows as '1,5'). */
export function DecimalField(props: Props) {
  return <TextField inputMode="decimal" format={formatDecimalTyping} {...props} />;
}
