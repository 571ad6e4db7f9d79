import type { CheckInAuction } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { useSearchParam } from '../../lib/useRoute.ts';
import { CheckInDesk } from './CheckInDesk.tsx';
import { checkInQueries } from './queries.ts';

const titleOf = (auction: CheckInAuction, locale: string) =>
  auction.titles[locale] ?? Object.values(auction.titles)[0] ?? auction.urlMagicLink;

/**
 * What a volunteer (not an operator) has in the console: the door's check-in. They choose one of
 * their organisations' auctions (kept in the address, `?encan=`), then check guests in.
 */
export default function VolunteerConsole() {
  const locale = useLocale();
  const navigate = useNavigate();
  const auctions = useQuery(checkInQueries.auctions());
  const chosen = Number(useSearchParam('encan')) || null;
  if (auctions.isPending) return <Loading />;
  if (auctions.isError) return <LoadError onRetry={() => auctions.refetch()} />;
  const auction = auctions.data.find((a) => a.id === chosen) ?? (auctions.data.length === 1 ? auctions.data[0] : null);
  const choose = (id: number) =>
    navigate({ to: pathFor('console', {}, locale), search: { encan: id, section: 'checkin' }, replace: true });
  return (
    <section className="console__section" aria-labelledby="checkin-title">
      <h2 id="checkin-title">
        <FormattedMessage id="console.checkin.title" />
      </h2>
      {auctions.data.length === 0 ? (
        <p>
          <FormattedMessage id="console.checkin.noAuction" />
        </p>
      ) : (
        <ul className="checkin__auctions">
          {auctions.data.map((each) => (
            <li key={each.id}>
              <button
                type="button"
                className={each.id === auction?.id ? 'console__org console__org--on' : 'console__org'}
                aria-pressed={each.id === auction?.id}
                onClick={() => choose(each.id)}
              >
                <strong>{titleOf(each, locale)}</strong> <span>· {each.organizationName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {auction ? (
        <CheckInDesk key={auction.id} auctionId={auction.id} />
      ) : (
        auctions.data.length > 0 && (
          <p>
            <FormattedMessage id="console.checkin.choose" />
          </p>
        )
      )}
      <p className="console__muted">
        <FormattedMessage id="console.volunteer" />
      </p>
    </section>
  );
}
