import { type bidRemoval, isLotStatusClosed, LotStatus } from '@auction/contract';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDate, formatMoney, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { centsOf, firstOf, isDecided } from './removalConsequence.ts';

type Standing = bidRemoval.RemovalStanding;

function statusKey(standing: Standing): MessageId {
  if (standing.status === LotStatus.NotStarted) return 'console.lots.state.notStarted';
  return isLotStatusClosed(standing.status) ? 'console.lots.state.closed' : 'console.lots.state.open';
}

/** One side of the comparison: status, who leads or won, price, maxes, bid count and end. */
export function StandingCard({
  title,
  standing,
  changed,
}: {
  title: ReactNode;
  standing: Standing;
  changed?: boolean;
}) {
  const locale = useLocale();
  const first = firstOf(standing);
  const money = (amount: bidRemoval.RemovalStanding['price']) => (amount ? formatMoney(centsOf(amount), locale) : '—');
  return (
    <section className={changed ? 'removal__side removal__side--after' : 'removal__side'}>
      <h4 className="removal__side-title">{title}</h4>
      <dl className="removal__facts">
        <dt>
          <FormattedMessage id="console.lots.status" />
        </dt>
        <dd>
          <FormattedMessage id={statusKey(standing)} />
        </dd>
        <dt>
          <FormattedMessage id={isDecided(standing) ? 'console.removal.winner' : 'console.removal.leader'} />
        </dt>
        <dd>
          <strong>{first?.name ?? <FormattedMessage id="console.removal.nobody" />}</strong>
        </dd>
        <dt>
          <FormattedMessage id="console.removal.price" />
        </dt>
        <dd>
          <strong>{money(standing.price)}</strong>
        </dd>
        <dt>
          <FormattedMessage id="console.removal.maxBids" />
        </dt>
        <dd>
          {standing.maxBids.length === 0 ? (
            '—'
          ) : (
            <ul className="removal__plain">
              {standing.maxBids.map((max) => (
                <li key={max.bidder.userId}>
                  {max.bidder.name} · {money(max.amount)}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>
          <FormattedMessage id="console.lots.bids" />
        </dt>
        <dd>{standing.bidCount}</dd>
        <dt>
          <FormattedMessage id="console.removal.ends" />
        </dt>
        <dd>
          {formatDate(standing.dateCompleted, locale)} {formatTime(standing.dateCompleted, locale)}
        </dd>
      </dl>
    </section>
  );
}

/** Today's standing beside the one the removal would produce, so who leads afterwards is no surprise. */
export function StandingComparison({ preview }: { preview: bidRemoval.RemovalPreviewAnswer }) {
  return (
    <div className="removal__comparison">
      <StandingCard title={<FormattedMessage id="console.removal.today" />} standing={preview.before} />
      <StandingCard title={<FormattedMessage id="console.removal.after" />} standing={preview.after} changed />
    </div>
  );
}
