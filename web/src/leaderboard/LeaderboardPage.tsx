import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { AuctionShell } from '../auctions/AuctionShell.tsx';
import type { Auction } from '../auctions/types.ts';
import { formatDate, formatTime } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { RouteName } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { Money } from '../lib/MoneyText.tsx';
import { toCents } from '../lib/money.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { Countdown } from '../time/Countdown.tsx';
import { LeaderboardBanners } from './LeaderboardBanners.tsx';
import { leaderboardQueries } from './queries.ts';

/** Spec 001 §2: the leaderboard countdown turns red under 5 minutes. */
const RED_UNDER_MS = 5 * 60_000;

function Board({ auction, winners }: { auction: Auction; winners: boolean }) {
  const locale = useLocale();
  const board = useQuery(leaderboardQueries.board(auction.urlMagicLink, winners));
  if (board.isPending) return <Loading />;
  if (board.isError) return <LoadError onRetry={() => board.refetch()} />;
  const data = board.data;
  return (
    <section className="leaderboard">
      {/* As the API's leaderboard call: its page has the banners, the winners page does not. */}
      {winners ? null : <LeaderboardBanners photos={auction.photos} locale={locale} />}
      <h1 className="page__title">
        <FormattedMessage id={data.heading} />
      </h1>
      {winners ? null : (
        <p>
          <Countdown target={data.dateCompleted} tooltipId="auction.endingAt" redUnderMs={RED_UNDER_MS} />
        </p>
      )}
      <p className="leaderboard__totals">
        <FormattedMessage id="leaderboard.lotsTotal" values={{ count: data.count }} />{' '}
        <strong>
          <Money cents={toCents(data.lotsTotal) ?? 0} />
        </strong>
        {' · '}
        <FormattedMessage id="leaderboard.donationsTotal" values={{ count: data.donations.count }} />{' '}
        <strong>
          <Money cents={toCents(data.donations.total) ?? 0} />
        </strong>
      </p>
      {data.items.length === 0 ? (
        <p className="empty-state">
          <FormattedMessage id="leaderboard.empty" />
        </p>
      ) : (
        <ul className="leader-grid">
          {data.items.map((card) => (
            <li key={card.auctionLotItemId} className="leader-card">
              <p className="leader-card__lot">
                {card.lotNumber > 0 ? <FormattedMessage id="lot.number" values={{ number: card.lotNumber }} /> : null}{' '}
                {card.name === 'no-translations' ? <FormattedMessage id="no-translations" /> : card.name}
              </p>
              <p className="leader-card__winner">
                <FormattedMessage
                  id={card.isWinner ? 'leaderboard.winner' : 'leaderboard.leader'}
                  values={{ name: card.winnerName ?? '' }}
                />
              </p>
              <p className="leader-card__amount">
                <Money cents={toCents(card.amount) ?? 0} />
              </p>
              {card.time ? (
                <p className="leader-card__time">
                  {formatDate(card.time, locale)} {formatTime(card.time, locale)}
                </p>
              ) : null}
              {card.team ? (
                <span
                  className="team-badge"
                  style={{
                    ...(card.team.backgroundColor ? { background: card.team.backgroundColor } : {}),
                    ...(card.team.textColor ? { color: card.team.textColor } : {}),
                  }}
                >
                  {card.team.name}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Screen({ screen }: { screen: RouteName }) {
  const urlMagicLink = useRouteParam('urlMagicLink');
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen={screen} showBanner={false}>
      {({ auction }) => <Board auction={auction} winners={screen === 'winners'} />}
    </AuctionShell>
  );
}

export function LeaderboardScreen() {
  return <Screen screen="leaderboard" />;
}

export function WinnersScreen() {
  return <Screen screen="winners" />;
}
