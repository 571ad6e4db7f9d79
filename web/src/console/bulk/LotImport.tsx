import type { LotImportPreview, LotImportProblem, operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import { serverMessageId } from '../../i18n/messages.ts';
import { Labelled } from '../../layout/Labelled.tsx';
import { ColumnHeads } from '../../lib/ColumnHeads.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { ConsolePart } from '../ConsolePart.tsx';
import { consoleKeys } from '../queries.ts';
import { type ImportStop, importStop } from './importStop.ts';
import { lotImportTemplate, saveFile } from './lotImportTemplate.ts';
import { bulkMutations } from './queries.ts';

function Problem({ problem }: { problem: LotImportProblem }) {
  return (
    <li>
      {problem.column ? <code>{problem.column}</code> : null}
      {problem.column ? ' : ' : null}
      <FormattedMessage id={serverMessageId(problem.key)} />
    </li>
  );
}

/** The file's rows as the preview checked them: each row's outcome, or its problems by column. */
function PreviewTable({ preview }: { preview: LotImportPreview }) {
  return (
    <>
      <p aria-live="polite">
        <FormattedMessage
          id="console.bulk.previewSummary"
          values={{ newCount: preview.newCount, imported: preview.importedCount, invalid: preview.invalidCount }}
        />
      </p>
      {preview.fileProblems.length > 0 && (
        <ul className="bulk__problems">
          {preview.fileProblems.map((problem) => (
            <Problem key={`${problem.column}-${problem.key}`} problem={problem} />
          ))}
        </ul>
      )}
      {preview.rows.length > 0 && (
        <div className="bulk__table-wrap">
          <table className="bulk__table">
            <ColumnHeads
              columns={[
                'console.bulk.column.line',
                'console.bulk.column.lot',
                'console.bulk.column.name',
                'console.bulk.column.result',
              ]}
            />
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.line} className={row.outcome === 'invalid' ? 'bulk__row--invalid' : undefined}>
                  <td>{row.line}</td>
                  <td>{row.lotNumber ?? '—'}</td>
                  <td>{row.name || '—'}</td>
                  <td>
                    {row.outcome === 'invalid' ? (
                      <ul className="bulk__problems">
                        {row.problems.map((problem) => (
                          <Problem key={`${problem.column}-${problem.key}`} problem={problem} />
                        ))}
                      </ul>
                    ) : (
                      <FormattedMessage
                        id={row.outcome === 'new' ? 'console.bulk.outcome.new' : 'console.bulk.outcome.imported'}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const isSpreadsheet = (file: File) => file.name.toLowerCase().endsWith('.xlsx');

/** The reader is loaded only when a spreadsheet is chosen. */
async function readSpreadsheet(file: File): Promise<string> {
  const { xlsxToCsv } = await import('./xlsxToCsv.ts');
  return xlsxToCsv(new Uint8Array(await file.arrayBuffer()));
}

/** Template, file (CSV or .xlsx), preview, then the import behind its confirmation. */
export function LotImport({ auction }: { auction: operator.OperatorAuction }) {
  const queryClient = useQueryClient();
  const preview = useMutation(bulkMutations.preview(auction.id));
  const run = useMutation(bulkMutations.import(auction.id));
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [stopped, setStopped] = useState<ImportStop | null>(null);
  const checked = preview.data;
  const ready =
    checked !== undefined && checked.fileProblems.length === 0 && checked.invalidCount === 0 && checked.newCount > 0;

  const check = async (text: string) => {
    setErrors([]);
    setStopped(null);
    try {
      await preview.mutateAsync(text);
    } catch (error) {
      setErrors(errorKeys(error));
    }
  };

  return (
    <ConsolePart
      id="bulk-import"
      className="bulk__card"
      title="console.bulk.importTitle"
      intro="console.bulk.importIntro"
    >
      <div className="bulk__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => saveFile(lotImportTemplate(), 'lots-template.csv')}
        >
          <FormattedMessage id="console.bulk.template" />
        </button>
        <Labelled
          label="console.bulk.file"
          control={(wiring) => (
            <input
              {...wiring}
              type="file"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                const text = isSpreadsheet(file) ? await readSpreadsheet(file).catch(() => null) : await file.text();
                if (text === null) {
                  setErrors(['import_unreadable_spreadsheet']);
                  return;
                }
                setFileName(file.name);
                setCsv(text);
                await check(text);
              }}
            />
          )}
        />
      </div>
      <MessageList keys={errors} />
      {stopped && (
        <p role="alert" className="alert alert--warning">
          <FormattedMessage
            id="console.bulk.stopped"
            values={{
              line: stopped.line,
              created: stopped.created,
              reason: <FormattedMessage id={serverMessageId(stopped.key)} />,
            }}
          />
        </p>
      )}
      {preview.isPending && (
        <p>
          <FormattedMessage id="console.bulk.checking" values={{ file: fileName }} />
        </p>
      )}
      {checked && <PreviewTable preview={checked} />}
      {checked && (
        <div className="bulk__actions">
          <button type="button" className="button" disabled={!ready} onClick={() => setConfirming(true)}>
            <FormattedMessage id="console.bulk.create" values={{ count: checked.newCount }} />
          </button>
          {!ready && checked.invalidCount + checked.fileProblems.length > 0 && (
            <span className="console__muted">
              <FormattedMessage id="console.bulk.fixFirst" />
            </span>
          )}
        </div>
      )}
      {confirming && checked && csv !== null && (
        <ConsoleConfirm
          title={<FormattedMessage id="console.bulk.confirmTitle" />}
          consequence={<FormattedMessage id="console.bulk.consequence" values={{ count: checked.newCount }} />}
          action={<FormattedMessage id="console.bulk.create" values={{ count: checked.newCount }} />}
          busy={run.isPending}
          onConfirm={async () => {
            let stop: ImportStop | null = null;
            try {
              const answer = await run.mutateAsync(csv);
              showToast('success', 'console.bulk.created', { count: answer.created });
            } catch (error) {
              // Stopped partway, the lots before the line exist: the dialog closes on what was done.
              stop = importStop(error);
              if (!stop) throw error;
            }
            void queryClient.invalidateQueries({ queryKey: consoleKeys.lots(auction.id) });
            // Checked again, the same file now reads as already imported (up to where it stopped).
            await check(csv);
            setStopped(stop);
          }}
          onDone={() => setConfirming(false)}
        />
      )}
    </ConsolePart>
  );
}
