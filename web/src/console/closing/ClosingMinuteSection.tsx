import type { closingMinute } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { type Locale, pathFor } from '../../i18n/routes.ts';
import { Labelled } from '../../layout/Labelled.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { parseAmount } from '../../lib/money.ts';
import { useHubEvents } from '../../live/useHubEvents.ts';
import { serverNow, useServerNow } from '../../time/serverClock.ts';
import { titleOf } from '../auctionLabels.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import {
  applyEvent,
  bidsPerMinute,
  type ClosingState,
  fromSnapshot,
  problemsOf,
  shortCountdown,
} from './closingMinute.ts';
import { closingKeys, closingMutations, closingQueries } from './queries.ts';
import './closing.css';

type ClosingLot = closingMinute.ClosingLot;

/** Lots shown as closing next and latest bids listed: what fits a phone held in the other hand. */
const SHOWN_LOTS = 12;
const SHOWN_BIDS = 15;

const nameOf = (lot: { names: { en: string | null; fr: string | null } }, locale: Locale) =>
  lot.names[locale] ?? lot.names[locale === 'fr' ? 'en' : 'fr'] ?? '';

/**
 * The closing minute of an auction (docs/console.md): the lots closing next with their live
 * countdowns and extensions, bids per minute, the latest bids, lots closed with their winners and
 * the problems to act on. It starts from the snapshot, moves with the hub, and reloads the
 * snapshot after every reconnect and a moment after each burst of events.
 */
export default function ClosingMinuteSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  const snapshot = useQuery(closingQueries.snapshot(auction.id));
  const [state, setState] = useState<ClosingState | null>(null);
  const now = useServerNow();

  useEffect(() => {
    if (snapshot.data) setState((previous) => fromSnapshot(snapshot.data, previous ?? undefined));
  }, [snapshot.data]);
  useHubEvents(auction.id, {
    onEvent: (event) => setState((current) => current && applyEvent(current, event, serverNow())),
    onResync: () => void snapshot.refetch(),
  });

  if (snapshot.isPending || !state) return <Loading />;
  if (snapshot.isError) return <LoadError onRetry={() => snapshot.refetch()} />;
  const { minute } = state;
  const problems = problemsOf(state, now);
  const buckets = bidsPerMinute(
    minute.recentBids.map((bid) => bid.placedAt),
    now,
  );
  const peak = Math.max(1, ...buckets);

  return (
    <section className="console__section closing" aria-labelledby="closing-title">
      <div className="closing__head">
        <h2 id="closing-title">
          <FormattedMessage id="console.closing.title" values={{ auction: titleOf(auction, locale) }} />
        </h2>
        <a
          className="button button--secondary"
          href={pathFor('projector', { auctionId: String(auction.id) }, locale)}
          target="_blank"
          rel="noopener"
        >
          <FormattedMessage id="console.closing.openProjector" />
        </a>
      </div>

      <div className="closing__problems" aria-live="polite">
        {problems.length === 0 ? (
          <p className="closing__ok">
            <FormattedMessage id="console.closing.noProblem" />
          </p>
        ) : (
          <ul className="closing__problem-list">
            {problems.map((problem) => (
              <li key={`${problem.kind}-${problem.lotId}`} className="closing__problem">
                <FormattedMessage
                  id={
                    problem.kind === 'overdue' ? 'console.closing.problem.overdue' : 'console.closing.problem.extension'
                  }
                  values={{ lotNumber: problem.lotNumber, seconds: Math.floor(problem.lateMs / 1000) }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="closing__grid">
        <div className="closing__panel">
          <h3>
            <FormattedMessage id="console.closing.next" />
          </h3>
          {minute.closingNext.length === 0 ? (
            <p className="console__muted">
              <FormattedMessage id="console.closing.noneOpen" />
            </p>
          ) : (
            <ol className="closing__lots">
              {minute.closingNext.slice(0, SHOWN_LOTS).map((lot) => (
                <NextLot key={lot.lotId} lot={lot} now={now} locale={locale} />
              ))}
            </ol>
          )}
        </div>

        <div className="closing__panel">
          <h3 id="closing-rate">
            <FormattedMessage id="console.closing.rate" />
          </h3>
          <ol className="closing__bars" aria-labelledby="closing-rate">
            {buckets.map((count, index) => {
              const ago = buckets.length - 1 - index;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: each bar is a fixed minute slot
                <li key={index} className="closing__bar-slot">
                  <span className="closing__bar" style={{ height: `${(count / peak) * 100}%` }} aria-hidden="true" />
                  <span className="closing__bar-count">{count}</span>
                  <span className="visually-hidden">
                    <FormattedMessage id="console.closing.rateMinute" values={{ ago, count }} />
                  </span>
                </li>
              );
            })}
          </ol>
          <p className="console__muted closing__axis" aria-hidden="true">
            <FormattedMessage id="console.closing.rateAxis" />
          </p>
        </div>

        <div className="closing__panel">
          <h3>
            <FormattedMessage id="console.closing.latest" />
          </h3>
          {minute.recentBids.length === 0 ? (
            <p className="console__muted">
              <FormattedMessage id="console.closing.noBid" />
            </p>
          ) : (
            <ul className="closing__bids" aria-live="polite" aria-relevant="additions">
              {minute.recentBids.slice(0, SHOWN_BIDS).map((bid) => (
                <li key={`${bid.lotId}-${bid.placedAt}-${bid.amountCents}`} className="closing__bid">
                  <span className="closing__time">{formatTime(bid.placedAt, locale)}</span>
                  <span>
                    <FormattedMessage id="console.closing.lotNumber" values={{ lotNumber: bid.lotNumber }} />
                  </span>
                  <strong>{formatMoney(bid.amountCents, locale)}</strong>
                  <span className="closing__who">{bid.nickName ?? '…'}</span>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="closing__panel">
          <h3>
            <FormattedMessage id="console.closing.closed" />
          </h3>
          {minute.closed.length === 0 ? (
            <p className="console__muted">
              <FormattedMessage id="console.closing.noneClosed" />
            </p>
          ) : (
            <ul className="closing__closed">
              {minute.closed.slice(0, SHOWN_LOTS).map((lot) => (
                <li key={lot.lotId}>
                  <FormattedMessage id="console.closing.lotNumber" values={{ lotNumber: lot.lotNumber }} />{' '}
                  {nameOf(lot, locale)} —{' '}
                  {lot.winnerNickName ? (
                    <FormattedMessage
                      id="console.closing.wonBy"
                      values={{ name: lot.winnerNickName, amount: formatMoney(lot.priceCents ?? 0, locale) }}
                    />
                  ) : (
                    <FormattedMessage id="console.closing.noWinner" />
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <GoalForm auctionId={auction.id} goalCents={minute.goalCents} />
    </section>
  );
}

function NextLot({ lot, now, locale }: { lot: ClosingLot; now: number; locale: Locale }) {
  const left = Date.parse(lot.endsAt) - now;
  return (
    <li className={left < 60_000 ? 'closing__lot closing__lot--soon' : 'closing__lot'}>
      <span className="closing__countdown" role="timer">
        {shortCountdown(left, locale)}
      </span>
      <span className="closing__lot-name">
        <FormattedMessage id="console.closing.lotNumber" values={{ lotNumber: lot.lotNumber }} /> {nameOf(lot, locale)}
      </span>
      <span className="closing__lot-facts">
        {lot.priceCents !== null ? <strong>{formatMoney(lot.priceCents, locale)}</strong> : null}{' '}
        <FormattedMessage id="console.closing.bids" values={{ count: lot.bidCount }} />
        {lot.leaderNickName ? <> · {lot.leaderNickName}</> : null}
        {lot.extensions > 0 ? (
          <>
            {' · '}
            <FormattedMessage
              id="console.closing.extensions"
              values={{ count: lot.extensions, minutes: Math.round(lot.extendedMs / 60_000) }}
            />
          </>
        ) : null}
      </span>
    </li>
  );
}

/** The fundraising goal the projector's thermometer rises towards. */
function GoalForm({ auctionId, goalCents }: { auctionId: number; goalCents: number | null }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    ...closingMutations.goal(auctionId),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: closingKeys.snapshot(auctionId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = text.trim() === '' ? null : parseAmount(text);
    if (cents !== null && (cents === undefined || cents < 100)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(cents ?? null);
  };
  return (
    <form className="closing__goal" onSubmit={submit}>
      <p>
        {goalCents === null ? (
          <FormattedMessage id="console.closing.goalNone" />
        ) : (
          <FormattedMessage id="console.closing.goalIs" values={{ amount: formatMoney(goalCents, locale) }} />
        )}
      </p>
      <Labelled
        label="console.closing.goalLabel"
        error={invalid ? 'console.closing.goalInvalid' : undefined}
        hint="console.closing.goalHint"
        control={(wiring) => (
          <input
            {...wiring}
            inputMode="decimal"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={intl.formatMessage({ id: 'console.closing.goalPlaceholder' })}
          />
        )}
      />
      <button type="submit" className="button" disabled={save.isPending}>
        <FormattedMessage id="console.closing.goalSave" />
      </button>
      {save.isSuccess ? (
        <p role="status">
          <FormattedMessage id="console.closing.goalSaved" />
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className="closing__error">
          <FormattedMessage id="state.loadError" />
        </p>
      ) : null}
    </form>
  );
}
