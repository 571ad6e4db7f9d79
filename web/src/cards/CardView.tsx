import { FormattedMessage } from 'react-intl';
import { serverMessageId } from '../i18n/messages.ts';
import type { PaymentMethod } from './types.ts';
import './cards.css';

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export const brandName = (brand: string) => brandNames[brand.toLowerCase()] ?? brand;

/**
 * The card component (spec 000 §3 Payment method, §4 Card state): brand, last digits, expiry and
 * holder. A card that cannot be selected says why, with the spec's message (declined or expired:
 * delete it and add another; American Express is not accepted).
 */
export function CardView({ card, selected = false }: { card: PaymentMethod; selected?: boolean }) {
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
  return (
    <div className={`payment-card payment-card--${card.status}${selected ? ' payment-card--selected' : ''}`}>
      <p className="payment-card__number">
        <span className="payment-card__brand">{brandName(card.brand)}</span>{' '}
        <FormattedMessage id="card.endingIn" values={{ last4: card.last4 }} />
      </p>
      <p className="payment-card__details">
        <FormattedMessage id="card.expires" values={{ expiry }} />
        {card.cardHolderName ? <span className="payment-card__holder"> · {card.cardHolderName}</span> : null}
      </p>
      {card.status !== 'usable' ? (
        <p className="payment-card__state">
          <span className="status-badge">
            <FormattedMessage id={`card.status.${card.status}`} />
          </span>{' '}
          {card.message ? <FormattedMessage id={serverMessageId(card.message)} /> : null}
        </p>
      ) : null}
      {selected ? (
        <p className="payment-card__selected">
          <FormattedMessage id="card.selected" />
        </p>
      ) : null}
    </div>
  );
}
