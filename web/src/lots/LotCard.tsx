import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useProfile } from '../account/session.ts';
import type { Auction, OrganizationTeam } from '../auctions/types.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Money } from '../lib/MoneyText.tsx';
import { Countdown } from '../time/Countdown.tsx';
import { useServerTime } from '../time/serverClock.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { LotNumber } from './LotNumber.tsx';
import { displayPrice, highlightOf, isLotClosed, isTurningRed, lotName, soldInfoOf, userBannerOf } from './lotState.ts';
import { TeamBadge } from './TeamBadge.tsx';
import type { Lot } from './types.ts';

export function LotImage({
  src,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  className: string;
  /** On the first screen: loaded at once rather than lazily (it is the page's largest paint). */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  // A missing or broken photo falls back to the placeholder (spec 001 §2); decorative either way.
  if (!src || failed) return <div className={`${className} lot-image--placeholder`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={src}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
    />
  );
}

export function UserBannerText({ lot, auctionStatus, owned }: { lot: Lot; auctionStatus: number; owned?: number }) {
  const { profile } = useProfile();
  const banner = userBannerOf(
    lot,
    { userId: profile?.id ?? null, ...(owned !== undefined ? { owned } : {}) },
    auctionStatus,
  );
  if (!banner) return null;
  return (
    <p className={`user-banner user-banner--${banner.kind}`}>
      <FormattedMessage id={`lot.banner.${banner.kind}`} values={'count' in banner ? { count: banner.count } : {}} />
    </p>
  );
}

export function SoldInfo({ lot }: { lot: Lot }) {
  const sold = soldInfoOf(lot);
  if (!sold) return null;
  return (
    <p className="sold-info">
      {sold.kind === 'soldOut' ? (
        <FormattedMessage id="lot.soldOut" />
      ) : (
        <FormattedMessage id="lot.soldCount" values={{ count: sold.count }} />
      )}
    </p>
  );
}

/** Where a lot stands for the reader, on its card and its page: its price, the user's banner, what sold. */
export function LotStanding({
  lot,
  auctionStatus,
  priceClassName,
}: {
  lot: Lot;
  auctionStatus: number;
  priceClassName: string;
}) {
  const price = displayPrice(lot);
  return (
    <>
      {price.cents !== null ? (
        <p className={priceClassName}>
          <FormattedMessage id={price.messageId} />{' '}
          <strong>
            <Money cents={price.cents} />
          </strong>
        </p>
      ) : null}
      <UserBannerText lot={lot} auctionStatus={auctionStatus} />
      <SoldInfo lot={lot} />
    </>
  );
}

/**
 * Spec 001 §2 lot card: image, lot number, donation icon, name, price, user banner, countdown or
 * closed banner, sold count, team badge, favourite button; highlighted by the user's standing.
 * The name is the card's link; its ::after covers the card.
 */
export function LotCard({
  lot,
  auction,
  teams,
  layout,
  onTeamClick,
  firstScreen = false,
}: {
  lot: Lot;
  auction: Auction;
  teams: OrganizationTeam[] | undefined;
  layout: 'grid' | 'list';
  onTeamClick?: (teamId: number) => void;
  /** Among the first cards of the list, on the first screen. */
  firstScreen?: boolean;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const { profile } = useProfile();
  const viewer = { userId: profile?.id ?? null };
  const closed = isLotClosed(lot, auction.status);
  // The card follows the clock only through these two answers; its countdown ticks on its own.
  const highlight = useServerTime((now) => highlightOf(lot, viewer, auction.status, now));
  const red = useServerTime((now) => !closed && isTurningRed(lot, now));
  const name = lotName(lot, locale) ?? intl.formatMessage({ id: 'no-translations' });
  const team = auction.allowItemsManagementByTeam ? teams?.find((t) => t.id === lot.organizationTeamId) : undefined;
  const classes = [
    'lot-card',
    `lot-card--${layout}`,
    highlight ? `lot-card--${highlight}` : '',
    closed ? 'lot-card--closed' : '',
    // Spec 001 §2: a phone's card is 150 px, 185 px when it shows a countdown or a team.
    !closed || team ? 'lot-card--tall' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <article className={classes} data-lot-id={lot.id}>
      <LotImage src={lot.mainPhotoFullPath_Medium} className="lot-card__image" eager={firstScreen} />
      <div className="lot-card__body">
        <LotNumber lot={lot} />
        <h2 className="lot-card__title">
          <Link
            to={pathFor('lotDetail', { urlMagicLink: auction.urlMagicLink, auctionLotItemId: String(lot.id) }, locale)}
            className="lot-card__link"
          >
            {name}
          </Link>
        </h2>
        <LotStanding lot={lot} auctionStatus={auction.status} priceClassName="lot-card__price" />
        {closed ? (
          // "Closed" alone: the user's banner above already says "You won!".
          <p className={highlight === 'won' ? 'closed-banner closed-banner--won' : 'closed-banner'}>
            <FormattedMessage id="lot.closed" />
          </p>
        ) : (
          <p className={red ? 'lot-card__countdown lot-card__countdown--red' : 'lot-card__countdown'}>
            <Countdown target={lot.dateCompletedUtc} tooltipId="lot.endsAt" />
          </p>
        )}
        {team ? <TeamBadge team={team} {...(onTeamClick ? { onClick: () => onTeamClick(team.id) } : {})} /> : null}
      </div>
      {profile ? <FavoriteButton lot={lot} urlMagicLink={auction.urlMagicLink} /> : null}
    </article>
  );
}
