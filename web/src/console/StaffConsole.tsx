import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { pathFor } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useSearchParam } from '../lib/useRoute.ts';
import { PressedButton } from './PressedButton.tsx';

/** An auction as the staff consoles (check-in, audit) list it: its titles and its organisation. */
export interface StaffAuction {
  id: number;
  organizationName: string;
  /** The short title per language code. */
  titles: Record<string, string>;
}

const titleOf = (auction: StaffAuction, locale: string) =>
  auction.titles[locale] ?? Object.values(auction.titles)[0] ?? String(auction.id);

/** The auction the address names, else the only one there is. */
function chosenAuction<A extends StaffAuction>(auctions: readonly A[], chosenId: number | null): A | null {
  return auctions.find((a) => a.id === chosenId) ?? (auctions.length === 1 ? (auctions[0] ?? null) : null);
}

type StaffSection = 'checkin' | 'audit';

/** What each staff console says: its title, with no auction, before a choice, and under it all. */
const TEXTS: Record<StaffSection, Record<'title' | 'noAuction' | 'choose' | 'footer', MessageId>> = {
  checkin: {
    title: 'console.checkin.title',
    noAuction: 'console.checkin.noAuction',
    choose: 'console.checkin.choose',
    footer: 'console.volunteer',
  },
  audit: {
    title: 'console.audit.auditorTitle',
    noAuction: 'console.audit.noAuction',
    choose: 'console.audit.chooseAuction',
    footer: 'console.audit.readOnly',
  },
};

/**
 * The console of those who operate nothing (a volunteer at the door, an auditor): one section,
 * `section`, over one of their organisations' auctions. They choose the auction (kept in the
 * address, `?encan=`; the only one is chosen for them), then work on it in `children`.
 */
export function StaffConsole<A extends StaffAuction, K extends QueryKey>({
  section,
  auctions: auctionsQuery,
  children,
}: {
  section: StaffSection;
  auctions: UseQueryOptions<A[], Error, A[], K>;
  children: (auctionId: number) => ReactNode;
}) {
  const texts = TEXTS[section];
  const locale = useLocale();
  const navigate = useNavigate();
  const auctions = useQuery(auctionsQuery);
  const chosen = Number(useSearchParam('encan')) || null;
  if (auctions.isPending) return <Loading />;
  if (auctions.isError) return <LoadError onRetry={() => auctions.refetch()} />;
  const auction = chosenAuction(auctions.data, chosen);
  const choose = (id: number) =>
    navigate({ to: pathFor('console', {}, locale), search: { encan: id, section }, replace: true });
  const titleId = `${section}-title`;
  return (
    <section className="console__section" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id={texts.title} />
      </h2>
      {auctions.data.length === 0 ? (
        <p>
          <FormattedMessage id={texts.noAuction} />
        </p>
      ) : (
        <ul className="console__staff-auctions">
          {auctions.data.map((each) => (
            <li key={each.id}>
              <PressedButton pressed={each.id === auction?.id} look="org" onClick={() => choose(each.id)}>
                <strong>{titleOf(each, locale)}</strong> <span>· {each.organizationName}</span>
              </PressedButton>
            </li>
          ))}
        </ul>
      )}
      {auction
        ? children(auction.id)
        : auctions.data.length > 0 && (
            <p>
              <FormattedMessage id={texts.choose} />
            </p>
          )}
      <p className="console__muted">
        <FormattedMessage id={texts.footer} />
      </p>
    </section>
  );
}
