import type { operator } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { roleNumbers, useProfile } from '../account/session.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { useSearchParam } from '../lib/useRoute.ts';
import { auctionStatusKey, titleOf } from './auctionLabels.ts';
import { canOperate, canUseConsole, isAuditorOnly } from './consoleAccess.ts';
import { consoleQueries } from './queries.ts';
import { type ConsoleSection, chosenSection, SECTIONS } from './sections/sections.ts';
import { stripOffset } from './sections/stripOffset.ts';
import './console.css';
import { PressedButton } from './PressedButton.tsx';

const VolunteerConsole = lazy(() => import('./checkin/VolunteerConsole.tsx'));
const AuditorConsole = lazy(() => import('./audit/AuditorConsole.tsx'));

/** Where the console's state lives: the address, so a reload or a shared link keeps it. */
interface ConsoleSearch {
  organisation?: number;
  encan?: number;
  section?: string;
}

function SectionNav({
  label,
  sections,
  current,
  search,
}: {
  label: string;
  sections: readonly ConsoleSection[];
  current: ConsoleSection;
  search: ConsoleSearch;
}) {
  const locale = useLocale();
  const strip = useRef<HTMLUListElement>(null);
  // On a phone the tabs are one row that scrolls sideways (console.css): the chosen one is
  // brought into that row's view, never the page scrolled to it. Where the tabs wrap, nothing moves.
  useLayoutEffect(() => {
    const list = strip.current;
    const chosen = list?.querySelector<HTMLElement>(`[data-section="${current.id}"]`);
    if (list && chosen) list.scrollLeft += stripOffset(list.getBoundingClientRect(), chosen.getBoundingClientRect());
  }, [current.id]);
  return (
    <nav className="console__nav" aria-label={label}>
      <ul ref={strip}>
        {sections.map((section) => (
          <li key={section.id} data-section={section.id}>
            <Link
              to={pathFor('console', {}, locale)}
              search={{ ...search, section: section.id }}
              aria-current={section.id === current.id ? 'page' : undefined}
              className={section.id === current.id ? 'console__tab console__tab--on' : 'console__tab'}
            >
              <FormattedMessage id={section.label} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function OperatorConsole({ actorRoles }: { actorRoles: readonly number[] }) {
  const intl = useIntl();
  const organizations = useQuery(consoleQueries.organizations());
  const locale = useLocale();
  const navigate = useNavigate();
  const chosen = Number(useSearchParam('organisation')) || null;
  const auctionId = Number(useSearchParam('encan')) || null;
  const requested = useSearchParam('section');
  const choose = (search: ConsoleSearch) => navigate({ to: pathFor('console', {}, locale), search, replace: true });
  const organizationId = chosen ?? organizations.data?.[0]?.id ?? null;
  const auctions = useQuery({ ...consoleQueries.auctions(organizationId ?? 0), enabled: organizationId !== null });
  const found = auctions.data?.find((a) => a.id === auctionId) ?? null;
  if (organizations.isPending) return <Loading />;
  if (organizations.isError) return <LoadError onRetry={() => organizations.refetch()} />;
  const current = organizations.data.find((o) => o.id === organizationId);
  const auction = found && current && found.organizationId === current.id ? found : null;
  const section = chosenSection(requested, auction !== null);
  const search: ConsoleSearch = { organisation: current?.id, encan: auction?.id };
  const chooseAuction = (picked: operator.OperatorAuction) =>
    choose({ organisation: picked.organizationId, encan: picked.id, section: 'lots' });
  return (
    <>
      <section id="console-organizations" className="console__section">
        <h2>
          <FormattedMessage id="console.nav.organizations" />
        </h2>
        {organizations.data.length === 0 ? (
          <p>
            <FormattedMessage id="console.organizations.empty" />
          </p>
        ) : (
          <ul className="console__cards">
            {organizations.data.map((organization) => (
              <li key={organization.id}>
                <PressedButton
                  pressed={organization.id === organizationId}
                  look="org"
                  onClick={() => choose({ organisation: organization.id })}
                >
                  {organization.name}
                </PressedButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      {current && (
        <>
          <SectionNav
            label={intl.formatMessage({ id: 'console.nav.label' })}
            sections={SECTIONS.filter((s) => s.scope === 'organization')}
            current={section}
            search={search}
          />
          {auction && (
            <div className="console__auction">
              <p className="console__auction-title">
                <strong>{titleOf(auction, locale)}</strong>{' '}
                <span className="console__badge">
                  <FormattedMessage id={auctionStatusKey(auction.status)} />
                </span>
              </p>
              <SectionNav
                label={intl.formatMessage({ id: 'console.nav.auctionLabel' }, { auction: titleOf(auction, locale) })}
                sections={SECTIONS.filter((s) => s.scope === 'auction')}
                current={section}
                search={search}
              />
            </div>
          )}
          <section id={`console-${section.id}`} className="console__section">
            <Suspense fallback={<Loading />}>
              {section.scope === 'auction' && auction ? (
                <section.Component
                  organization={current}
                  auction={auction}
                  actorRoles={actorRoles}
                  chooseAuction={chooseAuction}
                />
              ) : section.scope === 'organization' ? (
                <section.Component
                  organization={current}
                  auction={auction}
                  actorRoles={actorRoles}
                  chooseAuction={chooseAuction}
                />
              ) : null}
            </Suspense>
          </section>
        </>
      )}
    </>
  );
}

/**
 * The operator console (issue 19, docs/console.md): administrators, auction managers and
 * volunteers; anyone else is sent to sign in or told access is denied.
 */
export function ConsoleScreen() {
  const intl = useIntl();
  const locale = useLocale();
  const { profile, isSignedIn } = useProfile();
  useDocumentTitle(intl.formatMessage({ id: 'console.title' }));
  if (!isSignedIn)
    return (
      <Navigate to={pathFor('login', {}, locale)} search={{ returnUrl: pathFor('console', {}, locale) }} replace />
    );
  if (!profile) return <Loading />;
  const roles = roleNumbers(profile);
  if (!canUseConsole(roles)) return <Navigate to={pathFor('accessDenied', {}, locale)} replace />;
  return (
    <div className="console">
      <h1 className="page__title console__title">
        <FormattedMessage id="console.title" />
      </h1>
      <div className="console__main">
        {canOperate(roles) ? (
          <OperatorConsole actorRoles={roles} />
        ) : (
          <Suspense fallback={<Loading />}>{isAuditorOnly(roles) ? <AuditorConsole /> : <VolunteerConsole />}</Suspense>
        )}
      </div>
    </div>
  );
}
