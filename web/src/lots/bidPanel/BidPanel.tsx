import { useLocation, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useProfile } from '../../account/session.ts';
import { ApiError } from '../../api/client.ts';
import { type Auction, AuctionStatus } from '../../auctions/types.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { maxQuantity } from '../bidRules.ts';
import { isFixedPrice, isLotClosed, ownedCount } from '../lotState.ts';
import type { BidRequest } from '../queries.ts';
import type { LotDetail } from '../types.ts';
import { BidForm } from './BidForm.tsx';
import { BuyForm } from './BuyForm.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { newCommandId } from './commandId.ts';
import { MaxBidForm } from './MaxBidForm.tsx';
import { Refusal } from './Refusal.tsx';

// A card to add or a visitor to log in can be fixed from here, so those refusals leave the buttons on.
const fixable = ['requiresCreateCreditCard', 'requiresSelectedCreditCard', 'user_must_be_logged_in'];

/**
 * Bidding on a lot (spec 001 §5): amount with steps and the minimum, max bid when the auction allows
 * proxy bidding, buying a quantity of a fixed-price lot; each through a confirmation dialog with
 * the spec's warnings, posting with an idempotency key made when the dialog opens. The panel holds
 * what the forms typed, so a confirmed bid clears them and a refused quantity goes back to 1.
 */
export function BidPanel({ lot, auction }: { lot: LotDetail; auction: Auction }) {
  const locale = useLocale();
  const id = useId();
  const { profile } = useProfile();
  // null until the bidder types: the bid field then follows the minimum as others bid.
  const [amountText, setAmountText] = useState<string | null>(null);
  const [maxText, setMaxText] = useState('');
  const [quantityText, setQuantityText] = useState('1');
  const [request, setRequest] = useState<BidRequest | null>(null);
  const closed = isLotClosed(lot, auction.status);
  const fixedPrice = isFixedPrice(lot);
  const allowed = lot.allowedBidding;
  const quantityMax = maxQuantity(lot, ownedCount(lot));
  const active = auction.status === AuctionStatus.Active;
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

  if (closed) return null;

  const reason = allowed.reason;
  return (
    <section className="bid-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bid-panel__title">
        <FormattedMessage id={fixedPrice ? (lot.isDonation ? 'buy.donateTitle' : 'buy.title') : 'bid.title'} />
      </h2>
      {reason ? <Refusal reason={reason} urlMagicLink={auction.urlMagicLink} auction={auction} /> : null}
      {fixedPrice ? (
        <BuyForm
          id={id}
          lot={lot}
          quantityMax={quantityMax}
          quantityText={quantityText}
          onQuantityText={setQuantityText}
          disabled={disabled}
          loginFirst={loginFirst}
          onConfirm={(cents, quantity) => setRequest({ kind: 'buy', cents, quantity, commandId: newCommandId() })}
        />
      ) : (
        <>
          <BidForm
            id={id}
            lot={lot}
            amountText={amountText}
            onAmountText={setAmountText}
            disabled={disabled}
            loginFirst={loginFirst}
            onConfirm={(cents) => setRequest({ kind: 'bid', cents, commandId: newCommandId() })}
          />
          {auction.allowProxyBidding ? (
            <MaxBidForm
              id={id}
              lot={lot}
              userId={profile?.id}
              maxText={maxText}
              onMaxText={setMaxText}
              disabled={disabled}
              loginFirst={loginFirst}
              onConfirm={(kind, cents) =>
                setRequest(
                  kind === 'editMax'
                    ? { kind, cents, commandId: newCommandId(), userId: profile?.id }
                    : { kind, cents, commandId: newCommandId() },
                )
              }
            />
          ) : null}
        </>
      )}
      <ConfirmDialog
        lot={lot}
        auction={auction}
        request={request}
        onClose={() => setRequest(null)}
        onDone={() => {
          setRequest(null);
          setAmountText(null);
          setMaxText('');
        }}
        onRefused={(error) => {
          setRequest(null);
          if (error instanceof ApiError && error.message === 'invalid_quantity') setQuantityText('1');
        }}
      />
    </section>
  );
}
