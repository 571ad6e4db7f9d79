import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useProfile } from '../account/session.ts';
import { ApiError, api } from '../api/client.ts';
import type { Auction } from '../auctions/types.ts';
import { AuctionStatus } from '../auctions/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { serverMessageId } from '../i18n/messages.ts';
import { pathFor } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { showError } from '../lib/errors.ts';
import { Money } from '../lib/MoneyText.tsx';
import { centsToDecimal, parseAmount, toCents } from '../lib/money.ts';
import { showToast } from '../live/toasts.tsx';
import { noteOwnAction } from '../live/useAuctionLive.ts';
import { useServerNow } from '../time/serverClock.ts';
import {
  bidWarnings,
  checkQuantity,
  isManualPayment,
  isMaxBidHighEnough,
  maxQuantity,
  minimumBid,
  raiseToMinimum,
  stepDown,
  stepUp,
} from './bidRules.ts';
import { extensionApplies, isFixedPrice, isLotClosed, isMaxBidBeaten, ownedCount } from './lotState.ts';
import { lotKey } from './queries.ts';
import type { LotDetail } from './types.ts';

interface Standing {
  isWinning: boolean;
  maxBid: { value: number } | null;
}

function newCommandId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Spec 001 §5 refusal, clickable when the user can fix it (log in, complete the address). */
function Refusal({ reason, urlMagicLink }: { reason: string; urlMagicLink: string }) {
  const locale = useLocale();
  const location = useLocation();
  if (reason === 'user_must_be_logged_in') {
    return (
      <p className="alert alert--warning">
        <Link to={pathFor('login', {}, locale)} search={{ returnUrl: location.pathname, auction: urlMagicLink }}>
          <FormattedMessage id="user_must_be_logged_in" />
        </Link>
      </p>
    );
  }
  if (reason === 'requiresAddress') {
    return (
      <p className="alert alert--warning">
        <Link to={pathFor('profile', {}, locale)} search={{ auction: urlMagicLink }}>
          <FormattedMessage id="requiresAddress" />
        </Link>
      </p>
    );
  }
  return (
    <p className="alert alert--warning">
      <FormattedMessage id={serverMessageId(reason)} />
    </p>
  );
}

function AmountField({
  id,
  label,
  value,
  onChange,
  onBlur,
  onStep,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  onStep?: (direction: -1 | 1) => void;
}) {
  const intl = useIntl();
  return (
    <div className="amount-field">
      <label htmlFor={id}>{label}</label>
      <div className="amount-field__row">
        {onStep ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onStep(-1)}
            aria-label={intl.formatMessage({ id: 'bid.decrease' })}
          >
            −
          </button>
        ) : null}
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {onStep ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onStep(1)}
            aria-label={intl.formatMessage({ id: 'bid.increase' })}
          >
            +
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Bidding on a lot (spec 001 §5): amount with steps and the minimum, max bid when the auction allows
 * proxy bidding, buying a quantity of a fixed-price lot; each through a confirmation dialog with
 * the spec's warnings, posting with an idempotency key made when the dialog opens.
 */
export function BidPanel({ lot, auction }: { lot: LotDetail; auction: Auction }) {
  const intl = useIntl();
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const now = useServerNow();
  const { profile } = useProfile();
  const minimum = minimumBid(lot);
  const [amountText, setAmountText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [quantityText, setQuantityText] = useState('1');
  const [quantityError, setQuantityError] = useState(false);
  const [dialog, setDialog] = useState<null | {
    kind: 'bid' | 'max' | 'buy' | 'editMax';
    cents: number;
    commandId: string;
  }>(null);
  const amount = parseAmount(amountText) ?? minimum;
  const closed = isLotClosed(lot, auction.status);
  const fixedPrice = isFixedPrice(lot);
  const allowed = lot.allowedBidding;
  const owned = ownedCount(lot);
  const quantityMax = maxQuantity(lot, owned);
  const maxBidCents = toCents(lot.maxBid);
  const active = auction.status === AuctionStatus.Active;
  // A card to add or a visitor to log in can be fixed from here, so those refusals leave the buttons on.
  const fixable = ['requiresCreateCreditCard', 'requiresSelectedCreditCard', 'user_must_be_logged_in'];
  const disabled =
    (!allowed.canBid && !fixable.includes(allowed.reason ?? '')) ||
    !active ||
    closed ||
    (fixedPrice && quantityMax <= 0);
  const navigate = useNavigate();
  const location = useLocation();
  // Spec 001 §5: a visitor who bids is taken through the login flow, then back here.
  const loginFirst = () => {
    if (profile) return false;
    void navigate({
      to: pathFor('login', {}, locale),
      search: { returnUrl: location.pathname, auction: auction.urlMagicLink },
    });
    return true;
  };
  const manual = isManualPayment(auction.paymentType, auction.urlMagicLink, profile?.activeTrustedUrlMagicLinks ?? []);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: lotKey(lot.id) }),
      queryClient.invalidateQueries({ queryKey: ['lots'] }),
    ]);

  const submit = useMutation({
    mutationFn: async (request: NonNullable<typeof dialog>) => {
      noteOwnAction(lot.id);
      const value = centsToDecimal(request.cents);
      if (request.kind === 'buy') {
        return api<{ standing: Standing }>(`/api/bids/auctionlotitem/${lot.id}/buy`, {
          method: 'POST',
          body: { quantity: Number(quantityText), auctionLotItem_Id: lot.id, commandId: request.commandId },
        });
      }
      if (request.kind === 'editMax') {
        return api<{ standing: Standing }>('/api/bids/modify-max-bid', {
          method: 'PATCH',
          query: { amount: value, auctionLotItemId: lot.id, userId: profile?.id, commandId: request.commandId },
        });
      }
      return api<{ standing: Standing }>(`/api/bids/auctionlotitem/${lot.id}/bid`, {
        method: 'POST',
        body: { amount: value, isMax: request.kind === 'max', auctionLotItem_Id: lot.id, commandId: request.commandId },
      });
    },
    onSuccess: (answer, request) => {
      const key = {
        bid: 'bid_successful',
        max: 'bid_successful',
        buy: 'buy_successful',
        editMax: 'maxBidEditSuccess',
      } as const;
      showToast('success', key[request.kind]);
      // Spec 001 §8: a manual bid answered at once by someone's maximum bid.
      if (request.kind === 'bid' && !answer.standing.isWinning) {
        showToast('warning', 'lost_winning_bid_from_autobid', { lotNumber: lot.lotNumber });
      }
      setDialog(null);
      setAmountText('');
      setMaxText('');
    },
    onError: (error) => {
      // Spec 001 §4: the shared handler runs and the bid state resets.
      showError(error);
      setDialog(null);
      if (error instanceof ApiError && error.message === 'invalid_quantity') setQuantityText('1');
    },
    onSettled: refresh,
  });

  const deleteMax = useMutation({
    mutationFn: () =>
      api('/api/bids/delete-max-bid', {
        method: 'DELETE',
        query: { auctionLotItemId: lot.id, userId: profile?.id, commandId: newCommandId() },
      }),
    onSuccess: () => showToast('success', 'maxBidDeleteSuccess'),
    onError: showError,
    onSettled: refresh,
  });

  if (closed) return null;

  const reason = allowed.reason;
  const open = (kind: 'bid' | 'max' | 'buy' | 'editMax', cents: number) =>
    setDialog({ kind, cents, commandId: newCommandId() });
  const warnings = dialog && dialog.kind === 'bid' ? bidWarnings(dialog.cents, lot, lot.isWinning) : [];
  const extension = dialog && dialog.kind !== 'buy' && extensionApplies(lot, auction.dateCompleted, now);
  const maxTooLow = maxText !== '' && !isMaxBidHighEnough(parseAmount(maxText) ?? 0, lot);
  const unitCents = toCents(lot.multiSalePrice) ?? 0;

  return (
    <section className="bid-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bid-panel__title">
        <FormattedMessage id={fixedPrice ? (lot.isDonation ? 'buy.donateTitle' : 'buy.title') : 'bid.title'} />
      </h2>
      {reason ? <Refusal reason={reason} urlMagicLink={auction.urlMagicLink} /> : null}
      {fixedPrice ? (
        <form
          className="bid-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (loginFirst()) return;
            const checked = checkQuantity(quantityText, quantityMax);
            setQuantityError(checked.error);
            setQuantityText(String(checked.quantity));
            if (!checked.error) open('buy', unitCents * checked.quantity);
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
              onChange={(event) => setQuantityText(event.target.value)}
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
        </form>
      ) : (
        <>
          <form
            className="bid-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (loginFirst()) return;
              const cents = raiseToMinimum(parseAmount(amountText), lot);
              setAmountText(centsToDecimal(cents));
              open('bid', cents);
            }}
          >
            <AmountField
              id={`${id}-amount`}
              label={intl.formatMessage({ id: 'bid.amount' }, { minimum: formatMoney(minimum, locale) })}
              value={amountText || centsToDecimal(minimum)}
              onChange={setAmountText}
              onBlur={() => setAmountText(centsToDecimal(raiseToMinimum(parseAmount(amountText), lot)))}
              onStep={(direction) =>
                setAmountText(centsToDecimal(direction > 0 ? stepUp(amount, lot) : stepDown(amount, lot)))
              }
            />
            <button type="submit" className="button" disabled={disabled}>
              <FormattedMessage id="bid.bid" />
            </button>
          </form>
          {auction.allowProxyBidding ? (
            <form
              className="bid-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (loginFirst()) return;
                const cents = parseAmount(maxText);
                if (cents === undefined || !isMaxBidHighEnough(cents, lot)) return;
                open(maxBidCents !== null ? 'editMax' : 'max', cents);
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
                    onClick={() => deleteMax.mutate()}
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
                onChange={setMaxText}
              />
              {maxTooLow ? (
                <p className="field-error">
                  <FormattedMessage id="max_bid_too_low" />
                </p>
              ) : null}
              <button type="submit" className="button button--secondary" disabled={disabled || maxTooLow || !maxText}>
                <FormattedMessage id={maxBidCents !== null ? 'maxBid.edit' : 'maxBid.place'} />
              </button>
            </form>
          ) : null}
        </>
      )}

      <Dialog
        open={dialog !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDialog(null);
        }}
        title={
          <FormattedMessage
            id={
              dialog?.kind === 'buy'
                ? lot.isDonation
                  ? 'buy.confirmDonationTitle'
                  : 'buy.confirmTitle'
                : dialog?.kind === 'bid'
                  ? 'bid.confirmTitle'
                  : 'maxBid.confirmTitle'
            }
          />
        }
      >
        {dialog ? (
          <>
            <p className="dialog__amount">
              {dialog.kind === 'buy' ? (
                <FormattedMessage
                  id="buy.confirmText"
                  values={{ quantity: Number(quantityText), total: formatMoney(dialog.cents, locale) }}
                />
              ) : (
                <FormattedMessage id="bid.confirmText" values={{ amount: formatMoney(dialog.cents, locale) }} />
              )}
            </p>
            {warnings.map((warning) => (
              <p key={warning} className="alert alert--warning">
                <FormattedMessage id={warning} />
              </p>
            ))}
            {extension ? (
              <p className="alert alert--info">
                <FormattedMessage id="bid.extensionWarning" values={{ minutes: lot.extensionDurationInMinutes }} />
              </p>
            ) : null}
            <p className="dialog__note">
              <FormattedMessage id={manual ? 'bid.paymentManual' : 'bid.paymentAutomatic'} />
            </p>
            <div className="dialog__actions">
              <button
                type="button"
                className="button"
                disabled={submit.isPending}
                onClick={() => submit.mutate(dialog)}
              >
                <FormattedMessage id="action.confirm" />
              </button>
              <button type="button" className="button button--secondary" onClick={() => setDialog(null)}>
                <FormattedMessage id="action.cancel" />
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
