import { FormattedMessage } from 'react-intl';
import { formatDate, formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { toCents } from '../lib/money.ts';
import type { Invoice } from './types.ts';

type Event = { id: string; date: string; amount: Invoice['amount']; values?: Record<string, string> };

/** Dated amounts of an invoice (its payments, its refunds), one line each in the message given. */
export function MoneyEvents({ events, message }: { events: Event[]; message: MessageId }) {
  const locale = useLocale();
  return (
    <ul className="invoice__payments">
      {events.map((event) => (
        <li key={event.id}>
          <FormattedMessage
            id={message}
            values={{
              date: formatDate(event.date, locale),
              amount: formatMoney(toCents(event.amount) ?? 0, locale),
              ...event.values,
            }}
          />
        </li>
      ))}
    </ul>
  );
}
