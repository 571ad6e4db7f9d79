import { applyRatePpm, percentOfPpm, ratePpmOf } from '@auction/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { rateText, type TaxRow, taxName } from './taxRows.ts';

/** A purchase round enough that any rate's effect reads at a glance. */
const SAMPLE_CENTS = 100_00;

/**
 * The taxes typed so far on a sample purchase, with the invoices' own arithmetic (each rate on the
 * subtotal, rounded half up once): "On a purchase of $100.00, an invoice adds GST (5%) $5.00 and
 * QST (9.975%) $9.98: $114.98 in all." Rows whose rate does not read yet are left out, and said to
 * be; inline, it is a sentence inside another's paragraph (the confirmation's).
 */
export function TaxExample({ rows, inline = false }: { rows: readonly TaxRow[]; inline?: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const taxes = rows.flatMap((row, index) => {
    const ratePpm = ratePpmOf(row.rate);
    if (ratePpm === null) return [];
    const name =
      taxName(row.names, locale) || intl.formatMessage({ id: 'console.taxes.legend' }, { number: index + 1 });
    return [{ name, rate: rateText(percentOfPpm(ratePpm), locale), amount: applyRatePpm(SAMPLE_CENTS, ratePpm) }];
  });
  // A row left out is said, so a sample without it is not read as the invoice's.
  const skipped = rows.length - taxes.length;
  const skippedNote =
    skipped > 0 ? <FormattedMessage id="console.taxes.exampleSkipped" values={{ count: skipped }} /> : null;
  if (taxes.length === 0) return skippedNote && !inline ? <p className="console__muted">{skippedNote}</p> : null;
  const total = SAMPLE_CENTS + taxes.reduce((sum, tax) => sum + tax.amount, 0);
  const listed = intl.formatList(
    taxes.map((tax) =>
      intl.formatMessage(
        { id: 'console.taxes.exampleTax' },
        { name: tax.name, rate: tax.rate, amount: formatMoney(tax.amount, locale) },
      ),
    ),
    { type: 'conjunction' },
  );
  const example = (
    <FormattedMessage
      id="console.taxes.example"
      values={{ amount: formatMoney(SAMPLE_CENTS, locale), taxes: listed, total: formatMoney(total, locale) }}
    />
  );
  const said = skippedNote ? (
    <>
      {example} {skippedNote}
    </>
  ) : (
    example
  );
  return inline ? said : <p className="console__muted">{said}</p>;
}
