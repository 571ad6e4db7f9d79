import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { auctionQueries } from '../auctions/queries.ts';
import { type Auction, AuctionStatus } from '../auctions/types.ts';
import { cardMutations } from '../cards/queries.ts';
import { MutationButton } from '../layout/MutationButton.tsx';
import { showError } from '../lib/errors.ts';
import { showToast } from '../live/toasts.tsx';

/**
 * Spec 001 §4: after a donation, when the auction bills card fees to the client and the bidder has
 * not decided yet, the thank-you dialog asks to accept or refuse them and sends the decision. Past
 * Active the decision is closed (spec 000 §2), so nothing is asked.
 */
export function DonationFeeQuestion({ auction, userId }: { auction: Auction; userId: string | undefined }) {
  const asked = Boolean(auction.billCreditCardFeesToClient) && auction.status === AuctionStatus.Active;
  const status = useQuery({ ...auctionQueries.bidderStatus(auction.urlMagicLink, userId), enabled: asked });
  const decide = useMutation({
    ...cardMutations.acceptFees(auction.id),
    onSuccess: () => showToast('success', 'saved_successfully'),
    onError: showError,
  });
  if (!asked || !status.data || status.data.acceptedFees !== null || decide.isSuccess) return null;
  return (
    <section className="fee-question" aria-labelledby="donation-fee-question">
      <h3 id="donation-fee-question">
        <FormattedMessage id="card.fees.question" />
      </h3>
      <p>
        <FormattedMessage id="card.fees.explanation" />
      </p>
      <div className="dialog__actions">
        <MutationButton mutation={decide} variables={true} label="card.fees.accept" />
        <MutationButton
          mutation={decide}
          variables={false}
          label="card.fees.refuse"
          className="button button--secondary"
        />
      </div>
    </section>
  );
}
