import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { showError } from '../../lib/errors.ts';
import { Money } from '../../lib/MoneyText.tsx';
import { parseAmount, toCents } from '../../lib/money.ts';
import { showToast } from '../../live/toasts.tsx';
import { isMaxBidHighEnough } from '../bidRules.ts';
import { isMaxBidBeaten } from '../lotState.ts';
import { lotMutations } from '../queries.ts';
import { AmountField } from './AmountField.tsx';
import { newCommandId } from './commandId.ts';
import { PanelForm, type PanelFormProps } from './PanelForm.tsx';

/**
 * A maximum bid (spec 001 §5, auctions with proxy bidding): placed, raised or deleted. The user's
 * current maximum is shown with its delete button, and a warning when others have bid past it.
 */
export function MaxBidForm({
  id,
  lot,
  userId,
  maxText,
  onMaxText,
  disabled,
  loginFirst,
  onConfirm,
}: PanelFormProps & {
  userId: string | undefined;
  maxText: string;
  onMaxText: (text: string) => void;
  onConfirm: (kind: 'max' | 'editMax', cents: number) => void;
}) {
  const intl = useIntl();
  const maxBidCents = toCents(lot.maxBid);
  const deleteMax = useMutation({
    ...lotMutations.deleteMaxBid(lot.id),
    onSuccess: () => showToast('success', 'maxBidDeleteSuccess'),
    onError: showError,
  });
  const typed = parseAmount(maxText) ?? 0;
  const maxTooLow = maxText !== '' && !isMaxBidHighEnough(typed, lot);
  // A maximum is only ever raised (the engine refuses a lower one with the same key as too low):
  // said here beforehand, in its own words, rather than as "must exceed the current bid".
  const notRaised = maxText !== '' && !maxTooLow && maxBidCents !== null && typed <= maxBidCents;
  return (
    <PanelForm
      loginFirst={loginFirst}
      onSubmit={() => {
        const cents = parseAmount(maxText);
        if (cents === undefined || !isMaxBidHighEnough(cents, lot)) return;
        if (maxBidCents !== null && cents <= maxBidCents) return;
        onConfirm(maxBidCents !== null ? 'editMax' : 'max', cents);
      }}
    >
      {maxBidCents !== null ? (
        <p className="max-bid">
          <FormattedMessage id="maxBid.current" />{' '}
          <strong>
            <Money cents={maxBidCents} />
          </strong>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => deleteMax.mutate({ userId, commandId: newCommandId() })}
            disabled={deleteMax.isPending}
          >
            <FormattedMessage id="maxBid.delete" />
          </button>
        </p>
      ) : null}
      {isMaxBidBeaten(lot, maxBidCents) ? (
        <p className="alert alert--warning">
          <FormattedMessage id="max_bid_beaten" />
        </p>
      ) : null}
      <AmountField
        id={`${id}-max`}
        label={intl.formatMessage({ id: maxBidCents !== null ? 'maxBid.editLabel' : 'maxBid.label' })}
        value={maxText}
        onChange={onMaxText}
      />
      {maxTooLow ? (
        <p className="field-error">
          <FormattedMessage id="max_bid_too_low" />
        </p>
      ) : null}
      {notRaised ? (
        <p className="field-error">
          <FormattedMessage id="maxBid.mustRise" values={{ max: <Money cents={maxBidCents} /> }} />
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--secondary"
        disabled={disabled || maxTooLow || notRaised || !maxText}
      >
        <FormattedMessage id={maxBidCents !== null ? 'maxBid.edit' : 'maxBid.place'} />
      </button>
    </PanelForm>
  );
}
