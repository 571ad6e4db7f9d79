import type { auditReplay } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { useSearchParam } from '../../lib/useRoute.ts';
import { AuditReplay } from './AuditReplay.tsx';
import { auditQueries } from './queries.ts';

const titleOf = (auction: auditReplay.AuditAuction, locale: string) =>
  auction.titles[locale] ?? Object.values(auction.titles)[0] ?? String(auction.id);

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
  const auction = auctions.data.find((a) => a.id === chosen) ?? (auctions.data.length === 1 ? auctions.data[0] : null);
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
        <ul className="audit__auctions">
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
