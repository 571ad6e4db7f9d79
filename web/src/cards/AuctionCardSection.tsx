import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Profile } from '../account/types.ts';
import { ApiError } from '../api/client.ts';
import { auctionTitle } from '../auctions/display.ts';
import { auctionQueries, useAuction } from '../auctions/queries.ts';
import { AuctionStatus } from '../auctions/types.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { AddCardButton } from './AddCardButton.tsx';
import { brandName, CardView } from './CardView.tsx';
import { DeleteCardDialog } from './DeleteCardDialog.tsx';
import { FeeAcceptance } from './FeeAcceptance.tsx';
import { ReplaceCardDialog } from './ReplaceCardDialog.tsx';
import { SelectCardDialog } from './SelectCardDialog.tsx';
import type { PaymentMethod } from './types.ts';
import { useAuctionCards } from './useAuctionCards.ts';

type Open = { kind: 'select' } | { kind: 'delete' | 'replace'; card: PaymentMethod } | null;

/**
 * The profile's selected-auction card (spec 000 §2): choose one of the user's auctions, see the card
 * it charges (auto-selected when there is a single usable one), change it, add, delete or replace
 * cards, and decide on the card fees when the auction bills them to the client.
 *
 * Only the auctions whose own answer comes are offered, by their titles: a link the profile names
 * but whose auction refuses the user (a private auction, 403) or is gone (404) is left out, and when
 * none is left the section says so rather than loading for ever.
 */
export function AuctionCardSection({ profile, auction: fromUrl }: { profile: Profile; auction: string }) {
  const locale = useLocale();
  const selectId = useId();
  const links = [...new Set([fromUrl, ...profile.activeUrlMagicLinks].filter(Boolean))];
  const [chosen, setChosen] = useState('');
  const answers = useQueries({ queries: links.map((each) => auctionQueries.detail(each)) });
  const offered = links.flatMap((each, index) => {
    const data = answers[index]?.data;
    return data ? [{ link: each, title: auctionTitle(data, locale) ?? each }] : [];
  });
  const waiting = answers.some((answer) => answer.isPending);
  // A network failure (not a refusal) may pass: it is offered again, rather than the empty state.
  const failed = answers.filter((answer) => answer.isError && !isRefusal(answer.error));
  // Until the user chooses, the first link whose auction has not failed (the one they came from,
  // when it answers), once its answer is in: a later one shown first would give way to it.
  const first = links.find((_, index) => !answers[index]?.isError);
  const link = offered.find((each) => each.link === chosen)?.link ?? offered.find((each) => each.link === first)?.link;
  if (links.length === 0) return null;
  return (
    <section className="card auction-cards" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>
        <FormattedMessage id="card.sectionTitle" />
      </h2>
      {link ? (
        <div className="field">
          <label htmlFor={selectId}>
            <FormattedMessage id="card.auction" />
          </label>
          <select id={selectId} value={link} onChange={(event) => setChosen(event.target.value)}>
            {offered.map((each) => (
              <option key={each.link} value={each.link}>
                {each.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {link ? (
        <AuctionCards key={link} urlMagicLink={link} userId={profile.id} />
      ) : waiting ? (
        <Loading />
      ) : failed.length > 0 ? (
        <LoadError
          onRetry={() => {
            for (const answer of failed) void answer.refetch();
          }}
        />
      ) : (
        <p className="empty-state">
          <FormattedMessage id="card.noAuction" />
        </p>
      )}
    </section>
  );
}

/** The auction's answer is a refusal (not the user's, or gone), which asking again will not change. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function AuctionCards({ urlMagicLink, userId }: { urlMagicLink: string; userId: string }) {
  const auction = useAuction(urlMagicLink);
  const status = useQuery({ ...auctionQueries.bidderStatus(urlMagicLink, userId), enabled: Boolean(auction.data) });
  const data = auction.data;
  const cards = useAuctionCards(data?.id ?? 0, data?.stripeInformation_Id ?? null, Boolean(data));
  const [open, setOpen] = useState<Open>(null);
  if (auction.isError) {
    return isRefusal(auction.error) ? (
      <p className="alert alert--info">
        <FormattedMessage id="card.auctionUnavailable" />
      </p>
    ) : (
      <LoadError onRetry={() => auction.refetch()} />
    );
  }
  if (!data || cards.isLoading) return <Loading />;
  const selectedCard = cards.cards.find((card) => card.id === cards.selected?.paymentMethod_Id);
  const close = () => setOpen(null);
  return (
    <>
      {selectedCard ? null : (
        <p className="alert alert--info">
          <FormattedMessage id={cards.cards.length ? 'requiresSelectedCreditCard' : 'card.noneForAuction'} />
        </p>
      )}
      {cards.cards.length ? (
        <ul className="card-list payment-card-list">
          {cards.cards.map((card) => (
            <li key={card.id}>
              <CardView card={card} selected={card.id === selectedCard?.id} />
              <div className="payment-card__actions">
                <CardAction label="card.replace" card={card} onClick={() => setOpen({ kind: 'replace', card })} />
                <CardAction label="card.delete" card={card} onClick={() => setOpen({ kind: 'delete', card })} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form__actions">
        {cards.cards.some((card) => card.isSelectable) ? (
          <button type="button" className="button button--secondary" onClick={() => setOpen({ kind: 'select' })}>
            <FormattedMessage id={selectedCard ? 'card.change' : 'card.choose'} />
          </button>
        ) : null}
        <AddCardButton stripeInformationId={data.stripeInformation_Id} className="button button--secondary" />
      </div>
      {data.billCreditCardFeesToClient ? (
        <FeeAcceptance
          auctionId={data.id}
          accepted={status.data?.acceptedFees ?? null}
          disabled={data.status > AuctionStatus.Active}
        />
      ) : null}
      {open?.kind === 'select' ? (
        <SelectCardDialog
          auctionId={data.id}
          stripeInformationId={data.stripeInformation_Id}
          cards={cards.cards}
          selected={cards.selected}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteCardDialog
          card={open.card}
          onClose={close}
          onReplace={() => setOpen({ kind: 'replace', card: open.card })}
        />
      ) : null}
      {open?.kind === 'replace' ? <ReplaceCardDialog card={open.card} cards={cards.all} onClose={close} /> : null}
    </>
  );
}

/**
 * One of the two buttons every card has. Its accessible name starts with the visible word and says
 * which card, so a screen reader's list of buttons tells them apart.
 */
function CardAction({
  label,
  card,
  onClick,
}: {
  label: 'card.replace' | 'card.delete';
  card: PaymentMethod;
  onClick: () => void;
}) {
  const intl = useIntl();
  const target = intl.formatMessage({ id: 'card.actionTarget' }, { brand: brandName(card.brand), last4: card.last4 });
  return (
    <button
      type="button"
      className="link-button"
      aria-label={`${intl.formatMessage({ id: label })} ${target}`}
      onClick={onClick}
    >
      <FormattedMessage id={label} />
    </button>
  );
}
