import { type bidRemoval, isLotStatusClosed, LotStatus } from '@auction/contract';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { toCents } from '../../lib/money.ts';
import { serverTime } from './serverTime.ts';

type Standing = bidRemoval.RemovalStanding;

function statusKey(standing: Standing): MessageId {
  if (standing.status === LotStatus.NotStarted) return 'console.lots.state.notStarted';
  return isLotStatusClosed(standing.status) ? 'console.lots.state.closed' : 'console.lots.state.open';
}

/**
 * A standing as the replay computed it after a step: status, leader and winner, price, every max
 * still standing (even beaten ones, as the engine keeps them) and the end time to the second.
 */
export function StandingFacts({ title, standing, after }: { title: ReactNode; standing: Standing; after?: boolean }) {
  const locale = useLocale();
  const money = (amount: Standing['price']) => (amount ? formatMoney(toCents(amount) ?? 0, locale) : '—');
  const nobody = <FormattedMessage id="console.audit.nobody" />;
  return (
    <section className={after ? 'audit__standing audit__standing--after' : 'audit__standing'}>
      <h5>{title}</h5>
      <dl className="audit__facts">
        <dt>
          <FormattedMessage id="console.lots.status" />
        </dt>
        <dd>
          <FormattedMessage id={statusKey(standing)} />
        </dd>
        <dt>
          <FormattedMessage id="console.audit.price" />
        </dt>
        <dd>
          <strong>{money(standing.price)}</strong>
        </dd>
        <dt>
          <FormattedMessage id="console.audit.leader" />
        </dt>
        <dd>{standing.leader?.name ?? nobody}</dd>
        {isLotStatusClosed(standing.status) && (
          <>
            <dt>
              <FormattedMessage id="console.audit.winner" />
            </dt>
            <dd>
              <strong>{standing.winner?.name ?? nobody}</strong>
            </dd>
          </>
        )}
        <dt>
          <FormattedMessage id="console.audit.maxBids" />
        </dt>
        <dd>
          {standing.maxBids.length === 0
            ? '—'
            : standing.maxBids.map((max) => (
                <span key={max.bidder.userId} className="audit__max">
                  {max.bidder.name} · {money(max.amount)}
                </span>
              ))}
        </dd>
        <dt>
          <FormattedMessage id="console.lots.bids" />
        </dt>
        <dd>{standing.bidCount}</dd>
        <dt>
          <FormattedMessage id="console.audit.ends" />
        </dt>
        <dd>
          <time dateTime={standing.dateCompleted}>{serverTime(standing.dateCompleted, locale)}</time>
        </dd>
      </dl>
    </section>
  );
}
