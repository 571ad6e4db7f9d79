import { AUCTION_EXPORT_KINDS, type AuctionExportKind, type operator } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { errorKeys } from '../../lib/errors.ts';
import { ConsolePart } from '../ConsolePart.tsx';
import { saveFile } from './lotImportTemplate.ts';
import { bulkMutations } from './queries.ts';

const LABELS: Record<AuctionExportKind, MessageId> = {
  lots: 'console.bulk.export.lots',
  bids: 'console.bulk.export.bids',
  winners: 'console.bulk.export.winners',
  purchases: 'console.bulk.export.purchases',
  donations: 'console.bulk.export.donations',
  bidders: 'console.bulk.export.bidders',
  invoices: 'console.bulk.export.invoices',
  receipts: 'console.bulk.export.receipts',
};

/** A download button per export; the file is named after the auction's link and the kind. */
export function ExportButtons({ auction }: { auction: operator.OperatorAuction }) {
  const download = useMutation(bulkMutations.download(auction.id));
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <ConsolePart
      id="bulk-exports"
      className="bulk__card"
      title="console.bulk.exportsTitle"
      intro="console.bulk.exportsIntro"
    >
      <MessageList keys={errors} />
      <div className="bulk__exports">
        {AUCTION_EXPORT_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--secondary"
            disabled={download.isPending && download.variables === kind}
            onClick={async () => {
              setErrors([]);
              try {
                saveFile(await download.mutateAsync(kind), `${auction.urlMagicLink}-${kind}.csv`);
              } catch (error) {
                setErrors(errorKeys(error));
              }
            }}
          >
            <FormattedMessage id={LABELS[kind]} />
          </button>
        ))}
      </div>
    </ConsolePart>
  );
}
