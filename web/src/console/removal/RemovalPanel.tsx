import type { bidRemoval } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import { ApiError } from '../../api/client.ts';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { Loading } from '../../layout/QueryStatus.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { consoleKeys } from '../queries.ts';
import { ReasonField } from '../ReasonField.tsx';
import { kindKey } from './LotBids.tsx';
import { removalKeys, removalMutations, removalQueries } from './queries.ts';
import { centsOf, consequenceOf, notifiesBidders } from './removalConsequence.ts';
import { StandingComparison } from './StandingComparison.tsx';

type Preview = bidRemoval.RemovalPreviewAnswer;

/** The bids a removal takes away or re-derives, under the comparison. */
function BidList({
  title,
  bids,
}: {
  title: 'console.removal.removedBids' | 'console.removal.reDerived';
  bids: bidRemoval.RemovalBid[];
}) {
  const locale = useLocale();
  if (bids.length === 0) return null;
  return (
    <div>
      <h4 className="removal__list-title">
        <FormattedMessage id={title} values={{ count: bids.length }} />
      </h4>
      <ul className="removal__plain">
        {bids.map((bid) => (
          <li key={`${bid.bidId}-${bid.amount.value}`}>
            {formatMoney(centsOf(bid.amount), locale)} · {bid.bidder.name} · <FormattedMessage id={kindKey(bid)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The confirmation: consequence first, then the removal appended on the previewed stream version. */
function ConfirmRemoval({
  lotId,
  auctionId,
  preview,
  reason,
  onRemoved,
  onCancel,
}: {
  lotId: number;
  auctionId: number;
  preview: Preview;
  reason: string;
  onRemoved: () => void;
  onCancel: () => void;
}) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const mutation = useMutation(removalMutations.remove(lotId));
  // One id per confirmation: a double click or a retry sends the same command.
  const [commandId] = useState(() => crypto.randomUUID());
  const consequence = consequenceOf(preview);
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, locale));
  return (
    <ConsoleConfirm
      title={<FormattedMessage id="console.removal.confirmTitle" />}
      consequence={
        <>
          <FormattedMessage
            id={consequence.id}
            values={{
              ...consequence.values,
              amount: money(consequence.values.amount),
              previousAmount: money(consequence.values.previousAmount),
            }}
          />{' '}
          {notifiesBidders(preview) && <FormattedMessage id="console.removal.notified" />}{' '}
          <FormattedMessage id="console.removal.irreversible" />
        </>
      }
      action={<FormattedMessage id="console.removal.confirm" />}
      busy={mutation.isPending}
      onConfirm={async () => {
        try {
          await mutation.mutateAsync({
            bidId: preview.bidId,
            reason,
            expectedVersion: preview.streamVersion,
            commandId,
          });
        } catch (error) {
          // The lot moved since the preview: show the new standing behind the dialog's message.
          if (error instanceof ApiError && error.message === 'bid_removal_preview_stale') {
            await queryClient.invalidateQueries({ queryKey: removalKeys.all });
          }
          throw error;
        }
        showToast('success', 'console.removal.done');
        await queryClient.invalidateQueries({ queryKey: removalKeys.lotBids(lotId) });
        // The lots' read model follows the engine a moment later.
        setTimeout(() => queryClient.invalidateQueries({ queryKey: consoleKeys.lots(auctionId) }), 500);
        onRemoved();
      }}
      onDone={onCancel}
    />
  );
}

/** A chosen bid: the preview side by side, the reason, and the confirmation. */
export function RemovalPanel({
  lotId,
  auctionId,
  bid,
  onRemoved,
}: {
  lotId: number;
  auctionId: number;
  bid: bidRemoval.RemovalBid;
  onRemoved: () => void;
}) {
  const locale = useLocale();
  const reasonId = useId();
  const preview = useQuery(removalQueries.preview(lotId, bid.bidId));
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const panel = useRef<HTMLElement>(null);
  // On a phone the preview opens below the bids: bring it into view once it is there.
  const ready = preview.isSuccess;
  useEffect(() => {
    if (ready) panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [ready]);
  if (preview.isPending) return <Loading />;
  if (preview.isError) return <MessageList keys={errorKeys(preview.error)} />;
  return (
    <section ref={panel} className="removal__panel" aria-labelledby={`${reasonId}-title`}>
      <h3 id={`${reasonId}-title`}>
        <FormattedMessage
          id="console.removal.previewTitle"
          values={{ name: preview.data.bidder.name, amount: formatMoney(centsOf(bid.amount), locale) }}
        />
      </h3>
      <StandingComparison preview={preview.data} />
      <div className="removal__lists">
        <BidList title="console.removal.removedBids" bids={preview.data.removedBids} />
        <BidList title="console.removal.reDerived" bids={preview.data.reDerivedBids} />
      </div>
      <form
        className="removal__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const missing = reason.trim() === '';
          setMissingReason(missing);
          if (!missing) setConfirming(true);
        }}
      >
        <ReasonField
          label="console.removal.reason"
          hint="console.removal.reasonHint"
          value={reason}
          onChange={setReason}
          missing={missingReason ? 'bid_removal_reason_required' : undefined}
          onWritten={() => setMissingReason(false)}
        />
        <button type="submit" className="button">
          <FormattedMessage id="console.removal.remove" />
        </button>
      </form>
      {confirming && (
        <ConfirmRemoval
          lotId={lotId}
          auctionId={auctionId}
          preview={preview.data}
          reason={reason.trim()}
          onRemoved={onRemoved}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
