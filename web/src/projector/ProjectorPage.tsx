import type { closingMinute } from '@auction/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import { shortCountdown } from '../console/closing/closingMinute.ts';
import { formatMoney, intlLocale } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { catalogOf, type MessageId } from '../i18n/messages.ts';
import type { Locale } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { leaderboardKeys, leaderboardQueries } from '../leaderboard/queries.ts';
import { toCents } from '../lib/money.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { useHubEvents } from '../live/useHubEvents.ts';
import { useServerNow } from '../time/serverClock.ts';
import { languageAt, thermometerOf } from './projector.ts';
import { projectorKeys, projectorQueries } from './queries.ts';
import './projector.css';
import { textIn } from '../i18n/textIn.ts';

/** Leaders shown: what the back of the room can read at once. */
const LEADERS_SHOWN = 6;

/**
 * The venue's screen (docs/console.md "Projector"): funds raised rising in a thermometer towards
 * the goal, the lots closing next, the leaderboard, in the auction's languages in turn. Full
 * screen over the site's chrome; live from the hub (each event reloads the totals a moment later).
 */
export function ProjectorScreen() {
  const auctionId = Number(useRouteParam('auctionId'));
  const pageLocale = useLocale();
  const intl = useIntl();
  const queryClient = useQueryClient();
  // A malformed id is asked all the same: the API's 400 shows the error state.
  const page = useQuery(projectorQueries.page(auctionId));
  // In the page's language, not the screen's turn: the tab would otherwise change every period.
  const auctionTitle = page.data ? textIn(page.data.titles, pageLocale) : '';
  useDocumentTitle(
    auctionTitle
      ? intl.formatMessage({ id: 'projector.documentTitle' }, { auction: auctionTitle })
      : intl.formatMessage({ id: 'projector.screen' }),
  );
  const link = page.data?.urlMagicLink;
  const board = useQuery({ ...leaderboardQueries.board(link ?? '', false), enabled: !!link });
  const now = useServerNow();

  useEffect(() => {
    // The site's chrome (skip link, header, cookie bar, toasts) is taken out while the screen is
    // shown, so nothing behind it can take the keyboard's focus.
    document.documentElement.classList.add('projector-mode');
    return () => document.documentElement.classList.remove('projector-mode');
  }, []);
  useHubEvents(auctionId, {
    onResync: () => {
      void queryClient.invalidateQueries({ queryKey: projectorKeys.page(auctionId) });
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
    },
    settleMs: 300,
  });

  const language: Locale = (page.data && languageAt(page.data.languages, now)) || pageLocale;
  return (
    <IntlProvider locale={intlLocale[language]} messages={catalogOf(language)}>
      <div className="projector" lang={language}>
        {page.isPending ? (
          <Loading />
        ) : page.isError ? (
          <LoadError onRetry={() => page.refetch()} />
        ) : (
          <Projection data={page.data} leaders={board.data?.items ?? []} language={language} now={now} />
        )}
      </div>
    </IntlProvider>
  );
}

type Leader = { lotNumber: number; winnerName: string | null; amount: { value: number; currencyCode: string } };

function Projection({
  data,
  leaders,
  language,
  now,
}: {
  data: closingMinute.Projector;
  leaders: Leader[];
  language: Locale;
  now: number;
}) {
  const { raised, goalCents } = data;
  const thermometer = thermometerOf(raised.totalCents, goalCents);
  const title = textIn(data.titles, language);
  const top = leaders
    .map((leader) => ({ ...leader, cents: toCents(leader.amount) ?? 0 }))
    .sort((a, b) => b.cents - a.cents)
    .slice(0, LEADERS_SHOWN);
  return (
    <>
      <header className="projector__head">
        <h1>{title}</h1>
        <FullScreenButton />
      </header>
      <div className="projector__body">
        <section className="projector__raised" aria-labelledby="projector-raised">
          <h2 id="projector-raised">
            <FormattedMessage id="projector.raised" />
          </h2>
          <p className="projector__total" data-testid="projector-total" data-cents={raised.totalCents}>
            {formatMoney(raised.totalCents, language)}
          </p>
          {goalCents !== null ? (
            <p className="projector__goal">
              <FormattedMessage
                id={thermometer.reached ? 'projector.goalReached' : 'projector.goal'}
                values={{ goal: formatMoney(goalCents, language), percent: thermometer.percent ?? 0 }}
              />
            </p>
          ) : null}
          <div className="projector__gauge">
            <div className="projector__tube" aria-hidden="true">
              <div className="projector__mercury" style={{ height: `${thermometer.fill}%` }} />
            </div>
            {goalCents !== null ? (
              <meter
                className="visually-hidden"
                min={0}
                max={goalCents}
                value={Math.min(raised.totalCents, goalCents)}
                aria-labelledby="projector-raised"
              />
            ) : null}
            <div className="projector__figures">
              <dl className="projector__parts">
                <dt>
                  <FormattedMessage id="projector.lots" />
                </dt>
                <dd>{formatMoney(raised.lotsCents, language)}</dd>
                <dt>
                  <FormattedMessage id="projector.purchases" />
                </dt>
                <dd>{formatMoney(raised.purchasesCents, language)}</dd>
                <dt>
                  <FormattedMessage id="projector.donations" />
                </dt>
                <dd>{formatMoney(raised.donationsCents, language)}</dd>
              </dl>
            </div>
          </div>
        </section>

        <ListPanel
          id="projector-next"
          title="projector.closingNext"
          empty={data.closingNext.length === 0}
          quiet="projector.noneClosing"
        >
          {data.closingNext.map((lot) => {
            const left = Date.parse(lot.endsAt) - now;
            return (
              <li key={lot.lotId} className={left < 60_000 ? 'projector__row projector__row--soon' : 'projector__row'}>
                <span className="projector__clock">{left > 0 ? shortCountdown(left, language) : '0:00'}</span>
                <span className="projector__name">
                  <FormattedMessage id="projector.lotNumber" values={{ lotNumber: lot.lotNumber }} />{' '}
                  {textIn(lot.names, language)}
                </span>
                <span className="projector__amount">
                  {lot.priceCents !== null ? formatMoney(lot.priceCents, language) : ''}
                </span>
              </li>
            );
          })}
        </ListPanel>

        <ListPanel id="projector-leaders" title="projector.leaders" empty={top.length === 0} quiet="projector.noLeader">
          {top.map((leader) => (
            <li key={leader.lotNumber} className="projector__row">
              <span className="projector__name">
                <FormattedMessage id="projector.lotNumber" values={{ lotNumber: leader.lotNumber }} />{' '}
                {leader.winnerName ?? ''}
              </span>
              <span className="projector__amount">{formatMoney(leader.cents, language)}</span>
            </li>
          ))}
        </ListPanel>
      </div>
    </>
  );
}

/** A panel of the screen: its title, then its numbered list, or a quiet line while there is nothing to list. */
function ListPanel({
  id,
  title,
  empty,
  quiet,
  children,
}: {
  id: string;
  title: MessageId;
  empty: boolean;
  /** What the panel says while there is nothing to list. */
  quiet: MessageId;
  children: ReactNode;
}) {
  return (
    <section className="projector__panel" aria-labelledby={id}>
      <h2 id={id}>
        <FormattedMessage id={title} />
      </h2>
      {empty ? (
        <p className="projector__quiet">
          <FormattedMessage id={quiet} />
        </p>
      ) : (
        <ol className="projector__list">{children}</ol>
      )}
    </section>
  );
}

/** The browser's full screen, asked by a click as browsers require; hidden once in it. */
function FullScreenButton() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  if (full || !document.fullscreenEnabled) return null;
  return (
    <button
      type="button"
      className="projector__full"
      onClick={() => void document.documentElement.requestFullscreen().catch(() => {})}
    >
      <FormattedMessage id="projector.fullScreen" />
    </button>
  );
}
