import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate, formatTime } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { useFirstScreenDrawn } from '../layout/firstScreen.ts';
import { MEDIUM_SCREEN, useMediaQuery } from '../lib/useMediaQuery.ts';
import { useRotation } from '../lib/useRotation.ts';
import { webLink } from '../lib/webLink.ts';
import { Countdown } from '../time/Countdown.tsx';
import { auctionCountdown, showsEndMessage } from './auctionTiming.ts';
import { auctionBannerPath, bannerPhotos } from './display.ts';
import { type Auction, AuctionStatus } from './types.ts';

/**
 * The auction's page header (spec 001 §2): banner carousel (each photo for its own interval, with a
 * pause button since it moves by itself), countdown, and the pre-open information alert.
 */
export function AuctionBanner({ auction }: { auction: Auction }) {
  const intl = useIntl();
  const locale = useLocale();
  const desktop = useMediaQuery(MEDIUM_SCREEN);
  const photos = bannerPhotos(auction, locale, desktop);
  const { index, paused, setPaused } = useRotation(photos.map((photo) => photo.interval));
  const current = photos[index];
  const fallback = auctionBannerPath(auction, locale);
  const image = current?.fullPath ?? fallback;
  const { target, tooltipId } = auctionCountdown(auction);
  // Spec 001 §3: an additional link gets an http prefix when it has none.
  const bannerLink = webLink(current?.additionalLinkUrl, { bareHost: true });
  useFirstScreenDrawn();

  return (
    <>
      <section className="auction-banner" aria-label={intl.formatMessage({ id: 'auction.bannerLabel' })}>
        {image ? (
          bannerLink ? (
            <a href={bannerLink} className="auction-banner__link">
              <img
                className="auction-banner__image"
                src={image}
                fetchPriority="high"
                alt={intl.formatMessage({ id: 'auction.bannerLink' })}
              />
            </a>
          ) : (
            <img className="auction-banner__image" src={image} fetchPriority="high" alt="" />
          )
        ) : null}
        {photos.length > 1 ? (
          <button type="button" className="auction-banner__pause" onClick={() => setPaused(!paused)}>
            <FormattedMessage id={paused ? 'carousel.play' : 'carousel.pause'} />
          </button>
        ) : null}
      </section>
      {/* Outside the banner so it can stay at the top of a phone's screen while the lots scroll. */}
      <div className="auction-banner__facts">
        {auction.hideCountdown ? null : (
          <p className="auction-banner__countdown">
            <FormattedMessage
              id={tooltipId}
              values={{
                date: target ? formatDate(target, locale) : '',
                time: target ? formatTime(target, locale) : '',
              }}
            />{' '}
            <Countdown target={target} tooltipId={tooltipId} />
          </p>
        )}
        {showsEndMessage(auction.status) ? (
          <p className="auction-banner__ended">
            <FormattedMessage id="auction_closed" />
          </p>
        ) : null}
      </div>
      {auction.status === AuctionStatus.PreOpen ? (
        <p className="alert alert--info" role="note">
          <FormattedMessage
            id="auction.preOpenAlert"
            values={{
              date: auction.dateOpen ? formatDate(auction.dateOpen, locale) : '',
              time: auction.dateOpen ? formatTime(auction.dateOpen, locale) : '',
            }}
          />
        </p>
      ) : null}
    </>
  );
}
