import { Link } from '@tanstack/react-router';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useProfile } from '../account/session.ts';
import { ApiError } from '../api/client.ts';
import { AuctionShell } from '../auctions/AuctionShell.tsx';
import { useTeams } from '../auctions/queries.ts';
import type { Auction } from '../auctions/types.ts';
import { formatDate, formatTime } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { useFirstScreenDrawn } from '../layout/firstScreen.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { ColumnHeads } from '../lib/ColumnHeads.tsx';
import { Money } from '../lib/MoneyText.tsx';
import { sanitizeRichText } from '../lib/sanitizeRichText.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { webLink } from '../lib/webLink.ts';
import { ReceiptLink } from '../receipts/ReceiptLink.tsx';
import { Countdown } from '../time/Countdown.tsx';
import { useServerTime } from '../time/serverClock.ts';
import { BidPanel } from './bidPanel/BidPanel.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';
import { LotCard, LotImage, LotStanding } from './LotCard.tsx';
import { LotNumber } from './LotNumber.tsx';
import {
  extensionExhausted,
  isFixedPrice,
  isLotClosed,
  isTurningRed,
  lotName,
  maximumClosingTime,
  showsExtensionExplanation,
} from './lotState.ts';
import { useLotDetail } from './queries.ts';
import { TeamBadge } from './TeamBadge.tsx';
import type { LotDetail, LotPhoto } from './types.ts';

/** Markup removed, so a section holding only empty tags counts as empty (spec 001 §2). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

/** Spec 001 §2: sections collapse above a measured height and read more/less; 10rem shown. */
function Collapsible({ title, html }: { title: string; html: string }) {
  const body = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const safeHtml = useMemo(() => sanitizeRichText(html), [html]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the section's content changes
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const limit = 10 * Number.parseFloat(getComputedStyle(document.documentElement).fontSize || '16');
    setOverflows(element.scrollHeight > limit + 1);
  }, [html]);
  const id = `section-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="lot-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lot-section__title">
        {title}
      </h2>
      <div
        id={id}
        ref={body}
        className={overflows && !expanded ? 'lot-section__body lot-section__body--collapsed' : 'lot-section__body'}
        // The lot's texts are the organisation's rich text, sanitised when written and again here.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to the shared rich-text allowlist just above
        dangerouslySetInnerHTML={{ __html: safeHtml }}
      />
      {overflows ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          <FormattedMessage id={expanded ? 'lot.readLess' : 'lot.readMore'} />
        </button>
      ) : null}
    </section>
  );
}

function Gallery({ photos, name }: { photos: LotPhoto[]; name: string }) {
  useFirstScreenDrawn();
  const intl = useIntl();
  const sorted = [...photos].sort((a, b) => a.order - b.order);
  const [index, setIndex] = useState(0);
  const current = sorted[index];
  return (
    <div className="gallery">
      {sorted.length > 1 ? (
        <ul className="gallery__thumbnails">
          {sorted.map((photo, i) => (
            <li key={photo.fullPath_Large}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={intl.formatMessage({ id: 'lot.photo' }, { number: i + 1, count: sorted.length })}
                onClick={() => setIndex(i)}
              >
                <img src={photo.fullPath_Medium ?? photo.fullPath_Large} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {current ? (
        <img
          className="gallery__photo"
          src={current.fullPath_Large}
          fetchPriority="high"
          alt={current.description ?? name}
        />
      ) : (
        <LotImage src={null} className="gallery__photo" />
      )}
    </div>
  );
}

function BidHistory({ lot }: { lot: LotDetail }) {
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <FormattedMessage id="history.open" values={{ count: lot.listBidsHistory.length }} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={<FormattedMessage id="history.title" />} wide>
        {lot.listBidsHistory.length === 0 ? (
          <p>
            <FormattedMessage id="history.empty" />
          </p>
        ) : (
          <table className="history-table">
            <ColumnHeads columns={['history.bidder', 'history.amount', 'history.date']} />
            <tbody>
              {lot.listBidsHistory.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    {entry.bidderDisplayName}
                    {entry.isAutoBid ? (
                      <span className="history-table__auto">
                        {' '}
                        <FormattedMessage id="history.auto" />
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <Money cents={Math.round(entry.amount.value * 100)} />
                  </td>
                  <td>
                    {formatDate(entry.bidDate, locale)} {formatTime(entry.bidDate, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Dialog>
    </>
  );
}

function LotDetailView({ lot, auction }: { lot: LotDetail; auction: Auction }) {
  const intl = useIntl();
  const locale = useLocale();
  const { profile } = useProfile();
  const teams = useTeams(auction.urlMagicLink, Boolean(auction.allowItemsManagementByTeam));
  const team = auction.allowItemsManagementByTeam
    ? teams.data?.find((t) => t.id === lot.organizationTeamId)
    : undefined;
  const name = lotName(lot, locale) ?? intl.formatMessage({ id: 'no-translations' });
  const translation = lot.translations.find((t) => t.languageCode === locale) ?? lot.translations[0];
  const moreInformation = webLink(lot.additionalInfoExternalUrl);
  const closed = isLotClosed(lot, auction.status);
  // The page follows the clock only through this answer; its countdown ticks on its own.
  const red = useServerTime((now) => !closed && isTurningRed(lot, now));
  const categories = (auction.itemCategories ?? []).filter((c) => lot.itemCategories.some((own) => own.id === c.id));
  const categoryNames = categories
    .map((c) => (c.translations.find((t) => t.languageCode === locale) ?? c.translations[0])?.name ?? '')
    .join(', ');

  return (
    <article className="lot-detail">
      <Link to={pathFor('lotList', { urlMagicLink: auction.urlMagicLink }, locale)} className="back-link">
        <FormattedMessage id="lot.backToList" />
      </Link>
      <div className="lot-detail__top">
        <Gallery photos={lot.photos} name={name} />
        <div className="lot-detail__summary">
          <LotNumber lot={lot} />
          <div className="lot-detail__heading">
            <h1 className="page__title">{name}</h1>
            {profile ? <FavoriteButton lot={lot} urlMagicLink={auction.urlMagicLink} /> : null}
          </div>
          <LotStanding lot={lot} auctionStatus={auction.status} priceClassName="lot-detail__price" />
          {closed ? (
            <p className="closed-banner">
              <FormattedMessage id="lot.closed" />
            </p>
          ) : (
            <div className={red ? 'lot-detail__time lot-detail__time--red' : 'lot-detail__time'}>
              <p>
                <FormattedMessage
                  id="lot.closesAt"
                  values={{
                    date: formatDate(lot.dateCompletedUtc, locale),
                    time: formatTime(lot.dateCompletedUtc, locale),
                  }}
                />{' '}
                <Countdown
                  target={lot.dateCompletedUtc}
                  tooltipId="lot.endsAt"
                  className={
                    extensionExhausted(lot, auction.dateCompleted) ? 'countdown countdown--final' : 'countdown'
                  }
                />
              </p>
              {showsExtensionExplanation(lot) ? (
                <p className="lot-detail__extension">
                  <FormattedMessage
                    id="lot.extensionExplained"
                    values={{
                      window: lot.minutesLeftBeforeAllowingExtension,
                      minutes: lot.extensionDurationInMinutes,
                      latest: formatTime(new Date(maximumClosingTime(lot)), locale),
                    }}
                  />
                </p>
              ) : null}
            </div>
          )}
          {team ? <TeamBadge team={team} /> : null}
          <BidPanel lot={lot} auction={auction} />
          <ReceiptLink lotId={lot.id} />
          {/* A fixed-price lot is bought, never bid on: its sold count says what happened to it. */}
          {isFixedPrice(lot) ? null : <BidHistory lot={lot} />}
        </div>
      </div>
      {translation && textOf(translation.description) ? (
        <Collapsible title={intl.formatMessage({ id: 'lot.description' })} html={translation.description} />
      ) : null}
      {categoryNames ? (
        <section className="lot-section">
          <h2 className="lot-section__title">
            <FormattedMessage id="lots.categories" />
          </h2>
          <p>{categoryNames}</p>
        </section>
      ) : null}
      {translation && textOf(translation.information) ? (
        <Collapsible title={intl.formatMessage({ id: 'lot.information' })} html={translation.information} />
      ) : null}
      {translation && textOf(translation.shippingInformation) ? (
        <Collapsible title={intl.formatMessage({ id: 'lot.shipping' })} html={translation.shippingInformation} />
      ) : null}
      {lot.offeredBy ? (
        <p>
          <FormattedMessage id="lot.offeredBy" values={{ name: lot.offeredBy }} />
        </p>
      ) : null}
      {moreInformation ? (
        <p>
          <a href={moreInformation} rel="noopener noreferrer" target="_blank">
            <FormattedMessage id="lot.moreInformation" />
          </a>
        </p>
      ) : null}
      {lot.relatedAuctionLotItems.length > 0 ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">
            <FormattedMessage id="lot.alsoInterested" />
          </h2>
          <ul className="lot-grid">
            {lot.relatedAuctionLotItems.map((related) => (
              <li key={related.id}>
                <LotCard lot={related} auction={auction} teams={teams.data} layout="grid" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/**
 * A lot this auction does not have. The server drew the page's header for it, and no photo will
 * come to replace it: the answer is shown at once, not after the first screen's deadline.
 */
function LotNotFound({ urlMagicLink }: { urlMagicLink: string }) {
  const locale = useLocale();
  useFirstScreenDrawn();
  // Not a dead end: the way back to the auction's lots, as a lot's own page has.
  return (
    <>
      <Link to={pathFor('lotList', { urlMagicLink }, locale)} className="back-link">
        <FormattedMessage id="lot.backToList" />
      </Link>
      <p className="empty-state">
        <FormattedMessage id="item_not_found" />
      </p>
    </>
  );
}

function LotDetailLoader({ auction, lotId }: { auction: Auction; lotId: number }) {
  const lot = useLotDetail(lotId);
  if (lot.isPending) return <Loading />;
  if (lot.isError || lot.data.auctionId !== auction.id) {
    if ((lot.error instanceof ApiError && lot.error.status === 404) || lot.data)
      return <LotNotFound urlMagicLink={auction.urlMagicLink} />;
    return <LoadError onRetry={() => lot.refetch()} />;
  }
  return <LotDetailView lot={lot.data} auction={auction} />;
}

export function LotDetailScreen() {
  const urlMagicLink = useRouteParam('urlMagicLink');
  const lotId = Number(useRouteParam('auctionLotItemId'));
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="lotDetail" viewingLotId={lotId} showBanner={false}>
      {({ auction }) => <LotDetailLoader auction={auction} lotId={lotId} />}
    </AuctionShell>
  );
}
