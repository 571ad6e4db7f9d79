import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { centsToInput, parseAmount } from '../../lib/money.ts';
import { minimumBid, raiseToMinimum, stepDown, stepUp } from '../bidRules.ts';
import { AmountField } from './AmountField.tsx';
import { PanelForm, type PanelFormProps } from './PanelForm.tsx';

/**
 * A bid (spec 001 §5): the amount starts at the minimum, steps by the lot's increments and is
 * raised to the minimum when left lower; submitting asks for confirmation of that amount.
 */
export function BidForm({
  id,
  lot,
  amountText,
  onAmountText,
  disabled,
  loginFirst,
  onConfirm,
}: PanelFormProps & {
  amountText: string;
  onAmountText: (text: string) => void;
  onConfirm: (cents: number) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const minimum = minimumBid(lot);
  const amount = parseAmount(amountText) ?? minimum;
  return (
    <PanelForm
      loginFirst={loginFirst}
      onSubmit={() => {
        const cents = raiseToMinimum(parseAmount(amountText), lot);
        onAmountText(centsToInput(cents, locale));
        onConfirm(cents);
      }}
    >
      <AmountField
        id={`${id}-amount`}
        label={intl.formatMessage({ id: 'bid.amount' }, { minimum: formatMoney(minimum, locale) })}
        value={amountText || centsToInput(minimum, locale)}
        onChange={onAmountText}
        onBlur={() => onAmountText(centsToInput(raiseToMinimum(parseAmount(amountText), lot), locale))}
        onStep={(direction) =>
          onAmountText(centsToInput(direction > 0 ? stepUp(amount, lot) : stepDown(amount, lot), locale))
        }
      />
      <button type="submit" className="button" disabled={disabled}>
        <FormattedMessage id="bid.bid" />
      </button>
    </PanelForm>
  );
}
