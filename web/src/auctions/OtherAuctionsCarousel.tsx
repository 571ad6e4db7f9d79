import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Settling } from '../layout/Settling.tsx';
import { useMediaQuery } from '../lib/useMediaQuery.ts';
import { Milestone, StatusBadge } from './AuctionFacts.tsx';
import { type CarouselAuction, clampStart, slidesByWidth } from './carousel.ts';
import { auctionQueries } from './queries.ts';

function useSlidesPerView(): number {
  const [large, medium] = slidesByWidth;
  const wide = useMediaQuery(large.query);
  const middle = useMediaQuery(medium.query);
  return wide ? large.slides : middle ? medium.slides : 1;
}

/**
 * The carousel of other auctions of the same brand (spec 001 §2, shown when showAuctionCarousel).
 * Not infinite, 500 ms transition (spec 001 §9); previous/next buttons and the arrow keys move it
 * one card; cards out of view are inert, so keyboard and screen-reader users meet only what
 * is shown. A failed load is the spec's failure state: nothing is shown and no error is raised.
 */
export function OtherAuctionsCarousel({ auctionId }: { auctionId: number }) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  const perView = useSlidesPerView();
  const [start, setStart] = useState(0);
  const others = useQuery(auctionQueries.carousel(auctionId, locale));
  const items = others.data ?? [];
  if (others.isPending) return <Settling />;
  if (!others.isSuccess || items.length === 0) return null;

  const first = clampStart(start, items.length, perView);
  const atStart = first === 0;
  const atEnd = first === clampStart(items.length, items.length, perView);
  const move = (step: number) => setStart(clampStart(first + step, items.length, perView));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      move(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  return (
    <section
      className="other-auctions"
      aria-labelledby={titleId}
      aria-roledescription={intl.formatMessage({ id: 'otherAuctions.roleDescription' })}
      onKeyDown={onKeyDown}
    >
      <div className="other-auctions__header">
        <h2 id={titleId} className="other-auctions__title">
          <FormattedMessage id="otherAuctions.title" />
        </h2>
        {items.length > perView ? (
          <div className="other-auctions__controls">
            {/* aria-disabled, not disabled: a button that keeps focus at the end lets arrows go on. */}
            <button
              type="button"
              className="other-auctions__move"
              aria-label={intl.formatMessage({ id: 'otherAuctions.previous' })}
              aria-disabled={atStart}
              onClick={() => move(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="other-auctions__move"
              aria-label={intl.formatMessage({ id: 'otherAuctions.next' })}
              aria-disabled={atEnd}
              onClick={() => move(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite">
        <FormattedMessage
          id="otherAuctions.shown"
          values={{ from: first + 1, to: Math.min(first + perView, items.length), count: items.length }}
        />
      </p>
      <div className="other-auctions__viewport">
        <ul className="other-auctions__track" style={{ transform: `translateX(${(-first * 100) / perView}%)` }}>
          {items.map((auction, index) => {
            const shown = index >= first && index < first + perView;
            return (
              <li
                key={auction.id}
                className="other-auctions__slide"
                style={{ flexBasis: `${100 / perView}%` }}
                aria-roledescription="slide"
                aria-label={intl.formatMessage(
                  { id: 'otherAuctions.slide' },
                  { index: index + 1, count: items.length },
                )}
                inert={!shown}
              >
                <CarouselCard auction={auction} />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function CarouselCard({ auction }: { auction: CarouselAuction }) {
  const locale = useLocale();
  return (
    <article
      className="other-auctions__card"
      style={auction.primaryColor ? { borderTopColor: auction.primaryColor } : undefined}
    >
      <div className="other-auctions__banner">
        {/* Decorative: the title below names the auction. */}
        {/* A banner that cannot be loaded leaves the box's plain colour, not a broken picture. */}
        {auction.banner ? (
          <img
            className="other-auctions__image"
            src={auction.banner}
            alt=""
            loading="lazy"
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden';
            }}
          />
        ) : null}
      </div>
      <div className="other-auctions__body">
        <StatusBadge status={auction.status} />
        <h3 className="other-auctions__name">
          <Link
            to={pathFor('auctionHome', { urlMagicLink: auction.urlMagicLink }, locale)}
            className="other-auctions__link"
          >
            {auction.titleShort === 'no-translations' ? <FormattedMessage id="no-translations" /> : auction.titleShort}
          </Link>
        </h3>
        <p className="other-auctions__organization">{auction.organizationName}</p>
        <Milestone auction={auction} className="other-auctions__milestone" />
      </div>
    </article>
  );
}
