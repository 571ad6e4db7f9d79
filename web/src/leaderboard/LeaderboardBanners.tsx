import { FormattedMessage, useIntl } from 'react-intl';
import type { AuctionPhoto } from '../auctions/types.ts';
import type { Locale } from '../i18n/routes.ts';
import { useRotation } from '../lib/useRotation.ts';

/**
 * The auction photos flagged isUsedAsBannerInLeaderboard (spec 001 §3) in the page's language, in
 * their order. They come with the auction the shell already holds, the same photos as the
 * `banners` of GET /api/auctions/leaderboard, so the page needs no other call.
 */
export function leaderboardBanners(photos: AuctionPhoto[] | undefined, locale: Locale): AuctionPhoto[] {
  return (photos ?? [])
    .filter((photo) => photo.isUsedAsBannerInLeaderboard)
    .filter((photo) => (locale === 'fr' ? photo.isUsedInFrench : photo.isUsedInEnglish))
    .sort((a, b) => a.order - b.order || a.id - b.id);
}

/** The leaderboard's banners, one at a time for each photo's interval, with a pause (WCAG 2.2.2). */
export function LeaderboardBanners({ photos, locale }: { photos: AuctionPhoto[] | undefined; locale: Locale }) {
  const intl = useIntl();
  const banners = leaderboardBanners(photos, locale);
  const { index, paused, setPaused } = useRotation(banners.map((banner) => banner.interval));
  const current = banners[index];
  if (!current) return null;
  return (
    <section className="auction-banner" aria-label={intl.formatMessage({ id: 'leaderboard.bannerLabel' })}>
      {/* Decorative: the page's heading and cards carry the content. */}
      <img className="auction-banner__image" src={current.fullPath} alt="" />
      {banners.length > 1 ? (
        <button type="button" className="auction-banner__pause" onClick={() => setPaused(!paused)}>
          <FormattedMessage id={paused ? 'carousel.play' : 'carousel.pause'} />
        </button>
      ) : null}
    </section>
  );
}
