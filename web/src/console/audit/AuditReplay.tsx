import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { showError } from '../../lib/errors.ts';
import { LotReplay } from './LotReplay.tsx';
import { auditMutations, auditQueries } from './queries.ts';
import { auctionExportFileName, saveText } from './replayFiles.ts';
import './audit.css';
import { MutationButton } from '../../layout/MutationButton.tsx';

const nameIn = (names: Record<string, string>, locale: string) => names[locale] ?? Object.values(names)[0] ?? '';
/** A lot by its number and name; a lot not named yet by its number alone. */
const lotLabel = (lotNumber: number, name: string) => (name ? `${lotNumber} · ${name}` : String(lotNumber));

/** The whole auction's log as one file, and the command that verifies it with nothing but that file. */
function AuctionExport({ auctionId }: { auctionId: number }) {
  const exported = useMutation({
    ...auditMutations.exportAuction(),
    onSuccess: (text) => saveText(text, auctionExportFileName(auctionId), 'application/json'),
    onError: showError,
  });
  return (
    <div className="audit__export">
      <MutationButton
        mutation={exported}
        variables={auctionId}
        label="console.audit.exportAuction"
        className="console__role console__role--on"
      />
      <p className="console__muted">
        <FormattedMessage
          id="console.audit.exportHint"
          values={{ command: <code>npm run audit:verify -- --file {auctionExportFileName(auctionId)}</code> }}
        />
      </p>
    </div>
  );
}

/**
 * The audit of one auction (docs/audit.md, "The auditor's replay"): its export, then a lot chosen
 * among its lots and replayed step by step. Read-only: nothing here changes the log.
 */
export function AuditReplay({ auctionId }: { auctionId: number }) {
  const intl = useIntl();
  const locale = useLocale();
  const selectId = useId();
  const lots = useQuery(auditQueries.lots(auctionId));
  const [lotId, setLotId] = useState<number | null>(null);
  if (lots.isPending) return <Loading />;
  if (lots.isError) return <LoadError onRetry={() => lots.refetch()} />;
  const chosen = lots.data.find((lot) => lot.id === lotId) ?? null;
  return (
    <>
      <AuctionExport auctionId={auctionId} />
      {lots.data.length === 0 ? (
        <p>
          <FormattedMessage id="console.lots.empty" />
        </p>
      ) : (
        <div className="field audit__lot">
          <label htmlFor={selectId}>
            <FormattedMessage id="console.audit.lot" />
          </label>
          <select
            id={selectId}
            value={chosen?.id ?? ''}
            onChange={(event) => setLotId(Number(event.target.value) || null)}
          >
            <option value="">{intl.formatMessage({ id: 'console.audit.chooseLot' })}</option>
            {lots.data.map((lot) => (
              <option key={lot.id} value={lot.id}>
                {intl.formatMessage(
                  { id: 'console.audit.lotOption' },
                  { lot: lotLabel(lot.lotNumber, nameIn(lot.names, locale)), count: lot.eventCount },
                )}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen && <LotReplay key={chosen.id} lotId={chosen.id} />}
    </>
  );
}
