import type { operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDate, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { showToast } from '../../live/toasts.tsx';
import { auctionStatusKey } from '../auctionLabels.ts';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { consoleKeys } from '../queries.ts';
import { setupKeys, setupMutations } from './queries.ts';
import { type StatusMove, statusMoves } from './statusMoves.ts';

/** The auction's status and the moves from it, each confirmed after its consequence is read. */
export function StatusPanel({ auction }: { auction: operator.OperatorAuction }) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const mutation = useMutation(setupMutations.status(auction.id));
  const [chosen, setChosen] = useState<StatusMove | null>(null);
  const moves = statusMoves(auction.status, auction.completedDate !== null);
  const at = (iso: string | null) =>
    iso ? `${formatDate(new Date(iso), locale)} ${formatTime(new Date(iso), locale)}` : '—';
  return (
    <section className="setup__parts" aria-labelledby="setup-status">
      <h3 id="setup-status">
        <FormattedMessage id="console.status.title" />
      </h3>
      <p>
        <FormattedMessage
          id="console.status.now"
          values={{
            status: (
              <strong>
                <FormattedMessage id={auctionStatusKey(auction.status)} />
              </strong>
            ),
          }}
        />
      </p>
      <p className="console__muted">
        <FormattedMessage
          id="console.status.automatic"
          values={{ preOpen: at(auction.datePreOpen), open: at(auction.dateOpen), end: at(auction.dateCompleted) }}
        />
      </p>
      {moves.length === 0 ? (
        <p>
          <FormattedMessage id={auction.status === 4 ? 'console.status.waitInvoices' : 'console.status.none'} />
        </p>
      ) : (
        <div className="console__roles">
          {moves.map((move) => (
            <button key={move.to} type="button" className="button" onClick={() => setChosen(move)}>
              <FormattedMessage id={move.action} />
            </button>
          ))}
        </div>
      )}
      {chosen ? (
        <ConsoleConfirm
          title={<FormattedMessage id={chosen.action} />}
          consequence={<FormattedMessage id={chosen.consequence} />}
          action={<FormattedMessage id={chosen.action} />}
          busy={mutation.isPending}
          onConfirm={async () => {
            const saved = await mutation.mutateAsync(chosen.to);
            queryClient.setQueryData(setupKeys.auction(auction.id), saved);
            await queryClient.invalidateQueries({ queryKey: consoleKeys.auctions(auction.organizationId) });
            showToast('success', 'console.status.done');
          }}
          onDone={() => setChosen(null)}
        />
      ) : null}
    </section>
  );
}
