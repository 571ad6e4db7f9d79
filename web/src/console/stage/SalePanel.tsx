import type { AuctionBidder, LiveLot } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field, SearchField } from '../../account/Field.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { FormActions } from '../../layout/FormActions.tsx';
import { centsToDecimal, parseAmount } from '../../lib/money.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { BidderNumber } from '../checkin/BidderNumber.tsx';
import { consoleKeys } from '../queries.ts';
import { liveLotName } from './liveSale.ts';
import { searchable, stageMutations, stageQueries } from './queries.ts';

const SHOWN = 8;

const fullName = (bidder: AuctionBidder) => `${bidder.firstName} ${bidder.lastName}`.trim() || bidder.nickName;

/** The winner among the auction's bidders, the hammer price, then the confirmation. */
export function SalePanel({
  auctionId,
  lot,
  onSold,
  onClose,
}: {
  auctionId: number;
  lot: LiveLot;
  /** The committed sale, as the API answered it. */
  onSold: (lot: LiveLot) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [winner, setWinner] = useState<AuctionBidder | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState(false);
  const [confirming, setConfirming] = useState<{ cents: number; commandId: string } | null>(null);
  const bidders = useQuery(stageQueries.bidders(auctionId, search));
  const sell = useMutation(stageMutations.sell(lot.auctionLotItemId));
  const name = liveLotName(lot, locale);

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
                  <button type="button" className="console__result" onClick={() => setWinner(bidder)}>
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
            setAmountError(cents === undefined || cents <= 0);
            if (cents !== undefined && cents > 0) setConfirming({ cents, commandId: crypto.randomUUID() });
          }}
        >
          <p className="stage__winner">
            <FormattedMessage id="console.stage.winner" values={{ winner: fullName(winner) }} />{' '}
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
            onChange={(event) => setAmountText(event.target.value)}
          />
          <FormActions
            className="console__dialog-actions"
            cancel="console.cancel"
            onCancel={onClose}
            submit="console.stage.record"
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
          title={<FormattedMessage id="console.stage.confirmTitle" values={{ lotNumber: lot.lotNumber }} />}
          consequence={
            <FormattedMessage
              id="console.stage.consequence"
              values={{
                lotNumber: lot.lotNumber,
                lot: name,
                winner: fullName(winner),
                amount: formatMoney(confirming.cents, locale),
              }}
            />
          }
          action={<FormattedMessage id="console.stage.confirm" />}
          busy={sell.isPending}
          onConfirm={async () => {
            const answer = await sell.mutateAsync({
              bidderId: winner.userId,
              amount: centsToDecimal(confirming.cents),
              commandId: confirming.commandId,
            });
            onSold(answer.lot);
            showToast('success', 'console.stage.recorded', {
              lotNumber: lot.lotNumber,
              winner: fullName(winner),
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
