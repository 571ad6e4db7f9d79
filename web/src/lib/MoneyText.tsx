import { FormattedMessage } from 'react-intl';
import { useProfile } from '../account/session.ts';
import { useExchangeRates } from '../auctions/queries.ts';
import { convertCents, formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';

/**
 * Money in CAD per locale, with the approximate converted amount for a bidder whose preferred
 * currency is not CAD (spec 001 §1, rates from GET /api/currency-exchange-rates).
 */
export function Money({ cents }: { cents: number }) {
  const locale = useLocale();
  const { profile } = useProfile();
  const preferred = profile?.bidder.preferredCurrencyCode ?? 'CAD';
  const rates = useExchangeRates(preferred !== 'CAD');
  const rate = rates.data?.find((r) => r.baseCurrency === 'CAD' && r.targetCurrency === preferred)?.rate;
  return (
    <>
      {formatMoney(cents, locale)}
      {preferred !== 'CAD' && rate ? (
        <span className="converted">
          {' '}
          <FormattedMessage
            id="money.converted"
            values={{ amount: formatMoney(convertCents(cents, rate), locale, preferred) }}
          />
        </span>
      ) : null}
    </>
  );
}
