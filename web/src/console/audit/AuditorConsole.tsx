import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { useSearchParam } from '../../lib/useRoute.ts';
import { chosenAuction, StaffAuctionChoice } from '../StaffAuctionChoice.tsx';
import { AuditReplay } from './AuditReplay.tsx';
import { auditQueries } from './queries.ts';

/**
 * What an auditor (who operates nothing) has in the console: the audit. They choose one of their
 * organisations' auctions (kept in the address, `?encan=`), then export it or replay its lots.
 */
export default function AuditorConsole() {
  const locale = useLocale();
  const navigate = useNavigate();
  const auctions = useQuery(auditQueries.auctions());
  const chosen = Number(useSearchParam('encan')) || null;
  if (auctions.isPending) return <Loading />;
  if (auctions.isError) return <LoadError onRetry={() => auctions.refetch()} />;
  const auction = chosenAuction(auctions.data, chosen);
  const choose = (id: number) =>
    navigate({ to: pathFor('console', {}, locale), search: { encan: id, section: 'audit' }, replace: true });
  return (
    <section className="console__section" aria-labelledby="audit-title">
      <h2 id="audit-title">
        <FormattedMessage id="console.audit.auditorTitle" />
      </h2>
      {auctions.data.length === 0 ? (
        <p>
          <FormattedMessage id="console.audit.noAuction" />
        </p>
      ) : (
        <StaffAuctionChoice
          auctions={auctions.data}
          chosenId={auction?.id ?? null}
          onChoose={choose}
          className="audit__auctions"
        />
      )}
      {auction ? (
        <AuditReplay key={auction.id} auctionId={auction.id} />
      ) : (
        auctions.data.length > 0 && (
          <p>
            <FormattedMessage id="console.audit.chooseAuction" />
          </p>
        )
      )}
      <p className="console__muted">
        <FormattedMessage id="console.audit.readOnly" />
      </p>
    </section>
  );
}
