import type { operator } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { PressedButton } from '../PressedButton.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { AuctionForm } from './AuctionForm.tsx';
import { BannersEditor } from './BannersEditor.tsx';
import { CategoriesEditor } from './CategoriesEditor.tsx';
import { ClosingGroupsEditor } from './ClosingGroupsEditor.tsx';
import { setupQueries } from './queries.ts';
import { StatusPanel } from './StatusPanel.tsx';
import { TabsEditor } from './TabsEditor.tsx';

type Part = 'fields' | 'status' | 'tabs' | 'categories' | 'groups' | 'banners';

const PARTS: readonly { id: Part; label: MessageId }[] = [
  { id: 'fields', label: 'console.setup.part.fields' },
  { id: 'status', label: 'console.setup.part.status' },
  { id: 'groups', label: 'console.setup.part.groups' },
  { id: 'categories', label: 'console.setup.part.categories' },
  { id: 'tabs', label: 'console.setup.part.tabs' },
  { id: 'banners', label: 'console.setup.part.banners' },
];

function PartView({ part, auction }: { part: Part; auction: operator.OperatorAuction }) {
  switch (part) {
    case 'status':
      return <StatusPanel auction={auction} />;
    case 'groups':
      return <ClosingGroupsEditor auction={auction} />;
    case 'categories':
      return <CategoriesEditor auction={auction} />;
    case 'tabs':
      return <TabsEditor auction={auction} />;
    case 'banners':
      return <BannersEditor auction={auction} />;
    default:
      // Keyed by the auction's state, so a save elsewhere (a status move) reloads the form's values.
      return <AuctionForm key={auction.id} auction={auction} />;
  }
}

/**
 * The auction set up (issue 19 §2): every field of spec 001 §3, its status, closing groups,
 * categories, tabs and banners, one part at a time so a phone shows one short screen each.
 */
export default function AuctionSetupSection({ auction: listed }: AuctionSectionProps) {
  const intl = useIntl();
  const [part, setPart] = useState<Part>('fields');
  const auction = useQuery({ ...setupQueries.auction(listed.id), placeholderData: listed });
  if (auction.isPending) return <Loading />;
  if (auction.isError) return <LoadError onRetry={() => auction.refetch()} />;
  return (
    <>
      <h2>
        <FormattedMessage id="console.setup.title" />
      </h2>
      <nav className="setup__parts-nav" aria-label={intl.formatMessage({ id: 'console.setup.partsLabel' })}>
        {PARTS.map(({ id, label }) => (
          <PressedButton key={id} pressed={id === part} onClick={() => setPart(id)}>
            <FormattedMessage id={label} />
          </PressedButton>
        ))}
      </nav>
      <PartView part={part} auction={auction.data} />
    </>
  );
}
