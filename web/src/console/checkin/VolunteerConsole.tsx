import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { useSearchParam } from '../../lib/useRoute.ts';
import { chosenAuction, StaffAuctionChoice } from '../StaffAuctionChoice.tsx';
import { CheckInDesk } from './CheckInDesk.tsx';
import { checkInQueries } from './queries.ts';

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
  const auction = chosenAuction(auctions.data, chosen);
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
        <StaffAuctionChoice
          auctions={auctions.data}
          chosenId={auction?.id ?? null}
          onChoose={choose}
          className="checkin__auctions"
        />
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
