import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { toCents } from '../../lib/money.ts';
import { checkQuantity } from '../bidRules.ts';
import { PanelForm, type PanelFormProps } from './PanelForm.tsx';

/**
 * Buying a quantity of a fixed-price lot or donation (spec 001 §5): a quantity over what the user
 * may still buy is refused here with `invalid_donation_quantity` and nothing is sent.
 */
export function BuyForm({
  id,
  lot,
  quantityMax,
  quantityText,
  onQuantityText,
  disabled,
  loginFirst,
  onConfirm,
}: PanelFormProps & {
  quantityMax: number;
  quantityText: string;
  onQuantityText: (text: string) => void;
  onConfirm: (cents: number, quantity: number) => void;
}) {
  const [quantityError, setQuantityError] = useState(false);
  const unitCents = toCents(lot.multiSalePrice) ?? 0;
  return (
    <PanelForm
      loginFirst={loginFirst}
      onSubmit={() => {
        const checked = checkQuantity(quantityText, quantityMax);
        setQuantityError(checked.error);
        onQuantityText(String(checked.quantity));
        if (!checked.error) onConfirm(unitCents * checked.quantity, checked.quantity);
      }}
    >
      <div className="amount-field">
        <label htmlFor={`${id}-quantity`}>
          <FormattedMessage id="buy.quantity" />
        </label>
        <input
          id={`${id}-quantity`}
          type="number"
          min={1}
          max={quantityMax}
          step={1}
          value={quantityText}
          aria-describedby={quantityError ? `${id}-quantity-error` : undefined}
          onChange={(event) => onQuantityText(event.target.value)}
        />
      </div>
      {quantityError ? (
        <p id={`${id}-quantity-error`} className="field-error">
          <FormattedMessage id="invalid_donation_quantity" values={{ max: quantityMax }} />
        </p>
      ) : null}
      <button type="submit" className="button" disabled={disabled}>
        <FormattedMessage id={lot.isDonation ? 'buy.donate' : 'buy.buy'} />
      </button>
    </PanelForm>
  );
}
