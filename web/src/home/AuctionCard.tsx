import { Link } from '@tanstack/react-router';
import type { SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { closedClass, Milestone, StatusBadge } from '../auctions/AuctionFacts.tsx';
import { auctionBannerPath, auctionTitle } from '../auctions/display.ts';
import type { AuctionSummary } from '../auctions/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';

/** A banner that cannot be loaded leaves the box's plain colour, not a broken picture (CSS keeps `display`). */
const hide = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.style.visibility = 'hidden';
};

export function AuctionCard({ auction, profitCents }: { auction: AuctionSummary; profitCents?: number | null }) {
  const intl = useIntl();
  const locale = useLocale();
  const banner = auctionBannerPath(auction, locale);

  return (
    <article className={closedClass(auction, 'auction-card')}>
      <div className="auction-card__banner">
        {/* Decorative: the title right below says what the auction is. The same picture, blurred to
            fill the box, frames the whole banner (one download: the same address). */}
        {banner ? (
          <>
            <img className="auction-card__backdrop" src={banner} alt="" loading="lazy" onError={hide} />
            <img className="auction-card__picture" src={banner} alt="" loading="lazy" onError={hide} />
          </>
        ) : null}
      </div>
      <div className="auction-card__body">
        <StatusBadge status={auction.status} />
        <h2 className="auction-card__title">
          {/* Its ::after covers the whole card, so the card is one link with the title as its name. */}
          <Link
            to={pathFor('auctionHome', { urlMagicLink: auction.urlMagicLink }, locale)}
            className="auction-card__link"
          >
            {auctionTitle(auction, locale) ?? intl.formatMessage({ id: 'no-translations' })}
          </Link>
        </h2>
        <p className="auction-card__organization">
          <FormattedMessage id="auction.organizedBy" values={{ organization: auction.organizationName }} />
        </p>
        {profitCents ? (
          <p className="auction-card__organization">
            <FormattedMessage id="home.profit" values={{ amount: formatMoney(profitCents, locale) }} />
          </p>
        ) : null}
        <Milestone auction={auction} className="auction-card__milestone" />
      </div>
    </article>
  );
}
