import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Auction } from '../auctions/types.ts';
import { AddCardButton } from './AddCardButton.tsx';
import { SelectCardDialog } from './SelectCardDialog.tsx';
import { useAuctionCards } from './useAuctionCards.ts';

/**
 * Permission to bid rules 2 and 3 (spec 001 §5) on the bid panel: without a card of the auction's
 * configuration the bidder is offered to add one (the hosted checkout, back to this lot); with
 * cards but none selected, to choose one.
 */
export function CardRequired({
  reason,
  auction,
}: {
  reason: 'requiresCreateCreditCard' | 'requiresSelectedCreditCard';
  auction: Pick<Auction, 'id' | 'stripeInformation_Id'>;
}) {
  const [choosing, setChoosing] = useState(false);
  const cards = useAuctionCards(auction.id, auction.stripeInformation_Id, reason === 'requiresSelectedCreditCard');
  return (
    <div className="alert alert--warning card-required">
      <p>
        <FormattedMessage id={reason} />
      </p>
      {reason === 'requiresCreateCreditCard' ? (
        <AddCardButton stripeInformationId={auction.stripeInformation_Id} label="card.addToBid" />
      ) : (
        <button type="button" className="button" onClick={() => setChoosing(true)}>
          <FormattedMessage id="card.choose" />
        </button>
      )}
      {choosing && !cards.isLoading ? (
        <SelectCardDialog
          auctionId={auction.id}
          stripeInformationId={auction.stripeInformation_Id}
          cards={cards.cards}
          selected={cards.selected}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </div>
  );
}
