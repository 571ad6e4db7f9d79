import type { AuctionBidder, LiveLot } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field, MessageList, SearchField } from '../../account/Field.tsx';
import { ApiError } from '../../api/client.ts';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { FormActions } from '../../layout/FormActions.tsx';
import { centsToDecimal, centsToInput, parseAmount, toCents } from '../../lib/money.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { BidderNumber } from '../checkin/BidderNumber.tsx';
import { consoleKeys } from '../queries.ts';
import { ReasonField } from '../ReasonField.tsx';
import { liveLotName } from './liveSale.ts';
import { searchable, stageMutations, stageQueries } from './queries.ts';

const SHOWN = 8;

const fullName = (bidder: AuctionBidder) => `${bidder.firstName} ${bidder.lastName}`.trim() || bidder.nickName;

/** Who wins: a bidder the search found, or the winner of the sale being corrected. */
interface Winner {
  userId: string;
  name: string;
}

/** What the confirmation sends: its command id is drawn once per confirmation. */
interface Confirming {
  cents: number;
  reason: string;
  commandId: string;
}

/**
 * The winner among the auction's bidders, the hammer price, then the confirmation. Correcting a
 * sale recorded on stage, the panel starts from its winner and price and asks why.
 */
export function SalePanel({
  auctionId,
  organizationId,
  lot,
  correcting = false,
  onSold,
  onClose,
}: {
  auctionId: number;
  /** The auction's organisation: its auctions' list carries the status that hides corrections. */
  organizationId: number;
  lot: LiveLot;
  /** Corrects the lot's recorded sale (another winner or price, with a reason) instead of recording one. */
  correcting?: boolean;
  /** The committed sale, as the API answered it. */
  onSold: (lot: LiveLot) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const previousCents = toCents(lot.price);
  const [search, setSearch] = useState('');
  const [winner, setWinner] = useState<Winner | null>(correcting ? lot.winner : null);
  const [amountText, setAmountText] = useState(
    correcting && previousCents !== null ? centsToInput(previousCents, locale) : '',
  );
  const [amountError, setAmountError] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  // The same winner at the same price: nothing to correct, said before anything is sent.
  const [unchanged, setUnchanged] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const bidders = useQuery(stageQueries.bidders(auctionId, search));
  const sell = useMutation(stageMutations.sell(lot.auctionLotItemId));
  const correct = useMutation(stageMutations.correct(lot.auctionLotItemId));
  const name = liveLotName(lot, locale);
  const winnerChanged = winner !== null && winner.userId !== lot.winner?.userId;

  return (
    <div className="stage__panel">
      {winner === null ? (
        <div className="console__search">
          <SearchField
            label="console.stage.winnerSearch"
            value={search}
            autoFocus
            hint={<FormattedMessage id="console.stage.winnerHint" />}
            onText={setSearch}
          />
          {searchable(search) && bidders.data && (
            <ul className="console__results" aria-live="polite">
              {bidders.data.guests.length === 0 && (
                <li>
                  <FormattedMessage id="no_matching_result" />
                </li>
              )}
              {bidders.data.guests.slice(0, SHOWN).map((bidder) => (
                <li key={bidder.userId}>
                  <button
                    type="button"
                    className="console__result"
                    onClick={() => setWinner({ userId: bidder.userId, name: fullName(bidder) })}
                  >
                    <BidderNumber number={bidder.bidderNumber} /> <strong>{fullName(bidder)}</strong>{' '}
                    <span className="console__muted">
                      {[bidder.email, bidder.phoneNumber].filter(Boolean).join(' · ')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <form
          className="stage__sale"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const cents = parseAmount(amountText);
            const priced = cents !== undefined && cents > 0;
            const explained = !correcting || reason.trim() !== '';
            const same = correcting && priced && !winnerChanged && cents === previousCents;
            setAmountError(!priced);
            setReasonMissing(!explained);
            setUnchanged(same);
            if (priced && explained && !same)
              setConfirming({ cents, reason: reason.trim(), commandId: crypto.randomUUID() });
          }}
        >
          <p className="stage__winner">
            <FormattedMessage id="console.stage.winner" values={{ winner: winner.name }} />{' '}
            <button type="button" className="console__role" onClick={() => setWinner(null)}>
              <FormattedMessage id="console.stage.otherWinner" />
            </button>
          </p>
          <Field
            label={<FormattedMessage id="console.stage.amount" />}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            autoFocus
            error={amountError ? 'invalid_amount' : undefined}
            placeholder={intl.formatMessage({ id: 'console.stage.amountPlaceholder' })}
            onChange={(event) => {
              setAmountText(event.target.value);
              setUnchanged(false);
            }}
          />
          {correcting && (
            <ReasonField
              label="console.stage.correctionReason"
              hint="console.stage.correctionReasonHint"
              value={reason}
              onChange={setReason}
              missing={reasonMissing ? 'live_sale_correction_reason_required' : undefined}
              onWritten={() => setReasonMissing(false)}
            />
          )}
          {unchanged && <MessageList keys={['live_sale_unchanged']} />}
          <FormActions
            className="console__dialog-actions"
            cancel="console.cancel"
            onCancel={onClose}
            submit={correcting ? 'console.stage.correct' : 'console.stage.record'}
          />
        </form>
      )}
      {winner === null && (
        <button type="button" className="button button--secondary stage__cancel" onClick={onClose}>
          <FormattedMessage id="console.cancel" />
        </button>
      )}
      {confirming && winner && (
        <ConsoleConfirm
          title={
            <FormattedMessage
              id={correcting ? 'console.stage.correctionTitle' : 'console.stage.confirmTitle'}
              values={{ lotNumber: lot.lotNumber }}
            />
          }
          consequence={
            <FormattedMessage
              id={
                !correcting
                  ? 'console.stage.consequence'
                  : winnerChanged
                    ? 'console.stage.correctionConsequence'
                    : 'console.stage.correctionPriceConsequence'
              }
              values={{
                lotNumber: lot.lotNumber,
                lot: name,
                winner: winner.name,
                amount: formatMoney(confirming.cents, locale),
                previousWinner: lot.winner?.name ?? '',
                previousAmount: previousCents === null ? '' : formatMoney(previousCents, locale),
              }}
            />
          }
          action={<FormattedMessage id={correcting ? 'console.stage.correct' : 'console.stage.confirm'} />}
          busy={sell.isPending || correct.isPending}
          onConfirm={async () => {
            const sale = {
              bidderId: winner.userId,
              amount: centsToDecimal(confirming.cents),
              commandId: confirming.commandId,
            };
            let answer: Awaited<ReturnType<typeof sell.mutateAsync>>;
            try {
              answer = correcting
                ? await correct.mutateAsync({ ...sale, reason: confirming.reason })
                : await sell.mutateAsync(sale);
            } catch (error) {
              // The invoices were generated meanwhile: the console's auction status follows, and
              // with it the list's corrections.
              if (error instanceof ApiError && error.message === 'lot_invoiced')
                void queryClient.invalidateQueries({ queryKey: consoleKeys.auctions(organizationId) });
              throw error;
            }
            onSold(answer.lot);
            showToast('success', correcting ? 'console.stage.corrected' : 'console.stage.recorded', {
              lotNumber: lot.lotNumber,
              winner: winner.name,
              amount: formatMoney(confirming.cents, locale),
            });
            void queryClient.invalidateQueries({ queryKey: consoleKeys.lots(auctionId) });
            onClose();
          }}
          onDone={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
