import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { centsToInput, parseAmount } from '../../lib/money.ts';
import { minimumBid, raiseToMinimum, stepDown, stepUp } from '../bidRules.ts';
import { AmountField } from './AmountField.tsx';
import { PanelForm, type PanelFormProps } from './PanelForm.tsx';

/**
 * A bid (spec 001 §5): the amount starts at the minimum, steps by the lot's increments and is
 * raised to the minimum when left lower; submitting asks for confirmation of that amount. Until the
 * bidder types (`amountText` null) the field shows the minimum as it moves; once they do, the text
 * is theirs, empty included, so clearing the field to type another amount does not bring the
 * minimum back in front of what they type. Text that is not an amount is pointed out, never
 * replaced by one.
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
  amountText: string | null;
  onAmountText: (text: string | null) => void;
  onConfirm: (cents: number) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [invalid, setInvalid] = useState(false);
  const minimum = minimumBid(lot);
  const typed = amountText?.trim() ?? '';
  const parsed = typed === '' ? undefined : parseAmount(typed);
  const unreadable = typed !== '' && parsed === undefined;
  const amount = parsed ?? minimum;
  const errorId = `${id}-amount-error`;
  return (
    <PanelForm
      loginFirst={loginFirst}
      onSubmit={() => {
        if (unreadable) {
          setInvalid(true);
          return;
        }
        const cents = raiseToMinimum(parsed, lot);
        onAmountText(centsToInput(cents, locale));
        onConfirm(cents);
      }}
    >
      <AmountField
        id={`${id}-amount`}
        label={intl.formatMessage({ id: 'bid.amount' }, { minimum: formatMoney(minimum, locale) })}
        value={amountText ?? centsToInput(minimum, locale)}
        onChange={(text) => {
          setInvalid(false);
          onAmountText(text);
        }}
        onBlur={() => {
          // Left empty: the minimum again. Left unreadable: kept, and said so.
          if (amountText === null) return;
          if (unreadable) setInvalid(true);
          else onAmountText(centsToInput(raiseToMinimum(parsed, lot), locale));
        }}
        onStep={(direction) => {
          setInvalid(false);
          onAmountText(centsToInput(direction > 0 ? stepUp(amount, lot) : stepDown(amount, lot), locale));
        }}
        {...(invalid ? { errorId } : {})}
      />
      {invalid ? (
        <p id={errorId} className="field-error" role="alert">
          <FormattedMessage id="invalid_amount" />
        </p>
      ) : null}
      <button type="submit" className="button" disabled={disabled}>
        <FormattedMessage id="bid.bid" />
      </button>
    </PanelForm>
  );
}
