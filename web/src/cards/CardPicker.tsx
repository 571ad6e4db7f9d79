import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { CardView } from './CardView.tsx';
import type { PaymentMethod } from './types.ts';

/**
 * Choosing a card among the user's (spec 001 §5 rule 3): one radio per card; a declined, expired
 * or refused card is shown, disabled, with the reason it cannot be chosen.
 */
export function CardPicker({
  cards,
  value,
  onChange,
  legend,
}: {
  cards: PaymentMethod[];
  value: number | undefined;
  onChange: (paymentMethodId: number) => void;
  legend: React.ReactNode;
}) {
  const name = useId();
  if (cards.length === 0) {
    return (
      <p className="alert alert--info">
        <FormattedMessage id="card.none" />
      </p>
    );
  }
  return (
    <fieldset className="card-picker">
      <legend>{legend}</legend>
      {cards.map((card) => (
        <label key={card.id} className="card-picker__option">
          <input
            type="radio"
            name={name}
            value={card.id}
            checked={value === card.id}
            disabled={!card.isSelectable}
            onChange={() => onChange(card.id)}
          />
          <CardView card={card} />
        </label>
      ))}
    </fieldset>
  );
}
