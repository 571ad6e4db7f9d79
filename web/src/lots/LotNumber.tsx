import { FormattedMessage, useIntl } from 'react-intl';
import type { Lot } from './types.ts';

/** The lot's number (none when it has 0) and a heart on a donation: above the name on the card and the lot's page. */
export function LotNumber({ lot }: { lot: Pick<Lot, 'lotNumber' | 'isDonation'> }) {
  const intl = useIntl();
  return (
    <p className="lot-card__number">
      {lot.lotNumber > 0 ? <FormattedMessage id="lot.number" values={{ number: lot.lotNumber }} /> : null}
      {lot.isDonation ? (
        <span className="donation-icon" role="img" aria-label={intl.formatMessage({ id: 'lot.donation' })}>
          ♥
        </span>
      ) : null}
    </p>
  );
}
