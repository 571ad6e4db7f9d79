import type { operator } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { auctionStatusKey, titleOf } from '../auctionLabels.ts';
import { PressedButton } from '../PressedButton.tsx';
import { consoleQueries } from '../queries.ts';
import type { SectionProps } from '../sections/sectionProps.ts';
import { NewAuctionForm } from './NewAuctionForm.tsx';

function AuctionList({
  organizationId,
  chosen,
  onChoose,
}: {
  organizationId: number;
  chosen: operator.OperatorAuction | null;
  onChoose: (auction: operator.OperatorAuction) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const auctions = useQuery(consoleQueries.auctions(organizationId));
  if (auctions.isPending) return <Loading />;
  if (auctions.isError) return <LoadError onRetry={() => auctions.refetch()} />;
  if (auctions.data.length === 0)
    return (
      <p>
        <FormattedMessage id="console.auctions.empty" />
      </p>
    );
  return (
    <ul className="console__cards">
      {auctions.data.map((auction) => (
        <li key={auction.id} className="console__card">
          <Link to={pathFor('auctionHome', { urlMagicLink: auction.urlMagicLink }, locale)}>
            {titleOf(auction, locale)}
          </Link>
          <span className="console__card-end">
            <span className="console__badge">
              <FormattedMessage id={auctionStatusKey(auction.status)} />
            </span>
            <PressedButton
              pressed={chosen?.id === auction.id}
              onClick={() => {
                onChoose(auction);
              }}
            >
              {intl.formatMessage({ id: 'console.lots.open' }, { auction: titleOf(auction, locale) })}
            </PressedButton>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The organisation's auctions, every status; choosing one opens its sections (its lots first). */
export default function AuctionsSection({ organization, auction, chooseAuction }: SectionProps) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <h2>
        <FormattedMessage id="console.auctions.title" values={{ organization: organization.name }} />
      </h2>
      {creating ? (
        <NewAuctionForm organizationId={organization.id} onCancel={() => setCreating(false)} />
      ) : (
        <p>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            <FormattedMessage id="console.newAuction.open" />
          </button>
        </p>
      )}
      <AuctionList
        organizationId={organization.id}
        chosen={auction?.organizationId === organization.id ? auction : null}
        onChoose={chooseAuction}
      />
    </>
  );
}
