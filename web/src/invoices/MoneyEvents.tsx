import { FormattedMessage } from 'react-intl';
import { formatDate, formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { toCents } from '../lib/money.ts';
import type { Invoice } from './types.ts';

type Dated = { id: string; amount: Invoice['amount'] };

/**
 * Dated amounts of an invoice (its payments, its refunds), one line each in the message given,
 * which gets `date` and `amount` formatted and the item's own `values`.
 */
export function MoneyEvents<T extends Dated>({
  items,
  message,
  dateOf,
  valuesOf,
}: {
  items: readonly T[];
  message: MessageId;
  dateOf: (item: T) => string;
  valuesOf: (item: T) => Record<string, string>;
}) {
  const locale = useLocale();
  return (
    <ul className="invoice__payments">
      {items.map((item) => (
        <li key={item.id}>
          <FormattedMessage
            id={message}
            values={{
              date: formatDate(dateOf(item), locale),
              amount: formatMoney(toCents(item.amount) ?? 0, locale),
              ...valuesOf(item),
            }}
          />
        </li>
      ))}
    </ul>
  );
}
