import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useProfile } from '../../account/session.ts';
import type { Auction } from '../../auctions/types.ts';
import { useAuctionCards } from '../../cards/useAuctionCards.ts';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { CommandNotice } from '../../layout/CommandNotice.tsx';
import { Dialog } from '../../layout/Dialog.tsx';
import { MutationButton } from '../../layout/MutationButton.tsx';
import { isOutcomeUnknown } from '../../lib/commandRetry.ts';
import { showError } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { noteOwnAction } from '../../live/useAuctionLive.ts';
import { useServerNow } from '../../time/serverClock.ts';
import { bidWarnings, isManualPayment } from '../bidRules.ts';
import { extensionApplies } from '../lotState.ts';
import { type BidRequest, lotMutations } from '../queries.ts';
import type { LotDetail } from '../types.ts';

const successMessage = {
  bid: 'bid_successful',
  max: 'bid_successful',
  buy: 'buy_successful',
  editMax: 'maxBidEditSuccess',
} as const;

/**
 * The confirmation every bid, maximum bid and purchase goes through (spec 001 §5): the amount or
 * total, the spec's warnings (a big bid, already winning), the extension warning, and whether
 * payment is manual or automatic. Confirming sends the request with the command id it was opened with.
 * When no answer comes back, even after the mutation's retries, the dialog stays open with that id
 * and says so: confirming again cannot bid or buy twice.
 */
export function ConfirmDialog({
  lot,
  auction,
  request,
  onClose,
  onDone,
  onRefused,
}: {
  lot: LotDetail;
  auction: Auction;
  request: BidRequest | null;
  onClose: () => void;
  /** The API took it: the typed amounts are cleared. */
  onDone: () => void;
  /** The API refused it: the dialog closes and the form resets what the refusal names. */
  onRefused: (error: Error) => void;
}) {
  const locale = useLocale();
  const now = useServerNow();
  const { profile } = useProfile();
  const manual = isManualPayment(auction.paymentType, auction.urlMagicLink, profile?.activeTrustedUrlMagicLinks ?? []);
  const submit = useMutation({
    ...lotMutations.submit(lot.id),
    // So the hub's echo of this bid is not announced back to the bidder.
    onMutate: () => noteOwnAction(lot.id),
    onSuccess: (answer, sent) => {
      // Spec 001 §8: a manual bid answered at once by someone's maximum bid says so, and only that
      // (one automatic counter-bid, one message).
      if (sent.kind === 'bid' && !answer.standing.isWinning) {
        showToast('warning', 'lost_winning_bid_from_autobid', { lotNumber: lot.lotNumber });
      } else {
        showToast('success', successMessage[sent.kind]);
      }
      onDone();
    },
    onError: (error) => {
      // No answer: the dialog stays open with the same id and says so (CommandNotice).
      if (isOutcomeUnknown(error)) return;
      // Spec 001 §4: a refusal runs the shared handler and the bid state resets.
      showError(error);
      onRefused(error);
    },
  });
  // "Your card will be charged automatically" only holds when the auction charges its winners at
  // the close, and with a card chosen for it; otherwise an invoice comes to be paid.
  const cards = useAuctionCards(auction.id, auction.stripeInformation_Id ?? null, Boolean(profile) && request !== null);
  const cardOnFile =
    auction.chargeAutomaticallyAtCompletion === true &&
    cards.cards.some((card) => card.id === cards.selected?.paymentMethod_Id);
  const warnings = request && request.kind === 'bid' ? bidWarnings(request.cents, lot, lot.isWinning) : [];
  const extension = request && request.kind !== 'buy' && extensionApplies(lot, auction.dateCompleted, now);
  // A purchase is made now, a bid only counts if it wins: "if you win" is the bids' wording alone.
  const paymentNote =
    `${request?.kind === 'buy' ? 'buy' : 'bid'}.${manual ? 'paymentManual' : cardOnFile ? 'paymentAutomatic' : 'paymentNoCard'}` as const;

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={
        <FormattedMessage
          id={
            request?.kind === 'buy'
              ? lot.isDonation
                ? 'buy.confirmDonationTitle'
                : 'buy.confirmTitle'
              : request?.kind === 'bid'
                ? 'bid.confirmTitle'
                : 'maxBid.confirmTitle'
          }
        />
      }
    >
      {request ? (
        <>
          <p className="dialog__amount">
            {request.kind === 'buy' ? (
              <FormattedMessage
                id="buy.confirmText"
                values={{
                  quantity: request.quantity,
                  total: formatMoney(request.cents, locale),
                  // The invoice adds the organisation's taxes to a purchase, never to a gift.
                  taxes: auction.chargesTaxes === true && !lot.isDonation ? 'yes' : 'no',
                }}
              />
            ) : (
              <FormattedMessage
                // A maximum bid is a ceiling the platform bids up to, not an amount bid now.
                id={request.kind === 'bid' ? 'bid.confirmText' : 'maxBid.confirmText'}
                values={{ amount: formatMoney(request.cents, locale) }}
              />
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
            <FormattedMessage id={paymentNote} />
          </p>
          <CommandNotice mutation={submit} isThisCommand={(sent) => sent.commandId === request.commandId} />
          <div className="dialog__actions">
            <MutationButton mutation={submit} variables={request} label="action.confirm" />
            <button type="button" className="button button--secondary" onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
