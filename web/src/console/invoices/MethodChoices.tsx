import type { RefundMethod } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';
import { RadioChoices } from '../../layout/RadioChoices.tsx';

/** How money was paid outside the product or goes back: the words of each way, in the console. */
export const METHOD_KEYS: Record<RefundMethod, MessageId> = {
  card: 'console.invoices.method.card',
  cash: 'console.invoices.method.cash',
  cheque: 'console.invoices.method.cheque',
  other: 'console.invoices.method.other',
};

/** One of the ways money moves, as radio buttons: how a payment was made, or how a refund goes back. */
export function MethodChoices<T extends RefundMethod>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: MessageId;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (method: T) => void;
}) {
  return (
    <RadioChoices
      className="console-choices"
      legend={legend}
      name={name}
      options={options}
      labelOf={(each) => METHOD_KEYS[each]}
      value={value}
      onChange={onChange}
    />
  );
}
