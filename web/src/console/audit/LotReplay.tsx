import type { auditReplay } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { ColumnHeads } from '../../lib/ColumnHeads.tsx';
import { toCents } from '../../lib/money.ts';
import { auditQueries } from './queries.ts';
import { replayCsv, replayFileName, replayJson, saveText } from './replayFiles.ts';
import { StandingFacts } from './StandingFacts.tsx';
import { serverTime } from './serverTime.ts';

type Step = auditReplay.ReplayStep;

const COMMANDS: Record<string, MessageId> = {
  OpenLot: 'console.audit.command.OpenLot',
  PlaceBid: 'console.audit.command.PlaceBid',
  PlaceMaxBid: 'console.audit.command.PlaceMaxBid',
  DeleteMaxBid: 'console.audit.command.DeleteMaxBid',
  BuyItem: 'console.audit.command.BuyItem',
  RemoveBid: 'console.audit.command.RemoveBid',
  CloseLot: 'console.audit.command.CloseLot',
  CloseLotEarly: 'console.audit.command.CloseLotEarly',
  HideLot: 'console.audit.command.HideLot',
  ShowLot: 'console.audit.command.ShowLot',
  RescheduleLot: 'console.audit.command.RescheduleLot',
  RepriceLot: 'console.audit.command.RepriceLot',
  RecordLiveSale: 'console.audit.command.RecordLiveSale',
  CorrectLiveSale: 'console.audit.command.CorrectLiveSale',
  MoveAuctionEnd: 'console.audit.command.MoveAuctionEnd',
};

/** The recorded event's name in the page's language; its type, as exported, stays beside it. */
const EVENTS: Record<string, MessageId> = {
  LotOpened: 'console.audit.eventType.LotOpened',
  BidPlaced: 'console.audit.eventType.BidPlaced',
  MaxBidPlaced: 'console.audit.eventType.MaxBidPlaced',
  MaxBidRaised: 'console.audit.eventType.MaxBidRaised',
  MaxBidDeleted: 'console.audit.eventType.MaxBidDeleted',
  LotExtended: 'console.audit.eventType.LotExtended',
  LotClosed: 'console.audit.eventType.LotClosed',
  BidRemoved: 'console.audit.eventType.BidRemoved',
  ItemPurchased: 'console.audit.eventType.ItemPurchased',
  LotHidden: 'console.audit.eventType.LotHidden',
  LotShown: 'console.audit.eventType.LotShown',
  LotRescheduled: 'console.audit.eventType.LotRescheduled',
  AuctionEndMoved: 'console.audit.eventType.AuctionEndMoved',
  LotRepriced: 'console.audit.eventType.LotRepriced',
  LiveSaleRecorded: 'console.audit.eventType.LiveSaleRecorded',
  LiveSaleCorrected: 'console.audit.eventType.LiveSaleCorrected',
};

const shortHash = (hash: string) => (hash ? `${hash.slice(0, 12)}…` : '—');

/** The chain's verdict for this stream, and what the latest signed checkpoint says of it. */
function Verification({ verification }: { verification: auditReplay.ReplayVerification }) {
  const locale = useLocale();
  const { checkpoint, problem } = verification;
  const ok = verification.status === 'verified';
  return (
    <section className={ok ? 'audit__verdict' : 'audit__verdict audit__verdict--broken'} aria-live="polite">
      <h4>
        <FormattedMessage id={ok ? 'console.audit.verified' : 'console.audit.broken'} />
      </h4>
      <p>
        <FormattedMessage id="console.audit.chain" values={{ count: verification.eventCount }} />{' '}
        {verification.headHash && <code title={verification.headHash}>{shortHash(verification.headHash)}</code>}
      </p>
      {problem && (
        <p>
          <strong>
            <FormattedMessage
              id={`console.audit.problem.${problem.kind}` as MessageId}
              values={{ version: problem.streamVersion }}
            />
          </strong>{' '}
          <span className="console__muted">{problem.detail}</span>
        </p>
      )}
      <p>
        {checkpoint === null ? (
          <FormattedMessage id="console.audit.noCheckpoint" />
        ) : (
          <FormattedMessage
            id={checkpoint.signedVersion === null ? 'console.audit.checkpointBefore' : 'console.audit.checkpoint'}
            values={{
              id: checkpoint.id,
              at: serverTime(checkpoint.signedAt, locale),
              version: checkpoint.signedVersion ?? 0,
            }}
          />
        )}
        {checkpoint?.fault && (
          <>
            {' '}
            <strong>
              <FormattedMessage id="console.audit.checkpointFault" />
            </strong>{' '}
            <span className="console__muted">{checkpoint.fault}</span>
          </>
        )}
      </p>
    </section>
  );
}

/** An event's name, then a space before its type; a type this page does not know shows alone. */
function EventName({ type }: { type: string }) {
  const name = EVENTS[type];
  return name ? (
    <>
      <FormattedMessage id={name} />{' '}
    </>
  ) : null;
}

/** The events one command produced, as recorded, with their hashes. */
function StepEvents({ step }: { step: Step }) {
  const locale = useLocale();
  return (
    <div className="audit__table-wrap">
      <table className="audit__events">
        <caption>
          <FormattedMessage id="console.audit.events" values={{ count: step.events.length }} />
        </caption>
        <ColumnHeads
          columns={[
            'console.audit.version',
            'console.audit.event',
            'console.audit.bidder',
            'console.audit.amount',
            'console.audit.hash',
          ]}
        />
        <tbody>
          {step.events.map((event) => (
            <tr key={event.version}>
              <td>{event.version}</td>
              <td>
                <EventName type={event.type} />
                <code className="console__muted">{event.type}</code>
                {event.isAutoBid && (
                  <span className="console__muted">
                    {' '}
                    (<FormattedMessage id="console.audit.automatic" />)
                  </span>
                )}
              </td>
              <td>{event.bidder?.name ?? '—'}</td>
              <td>{event.amount ? formatMoney(toCents(event.amount) ?? 0, locale) : '—'}</td>
              <td>
                <code title={event.hash}>{shortHash(event.hash)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** What an operator's step did to whom (a removal, a sale corrected), and the reason they gave. */
function StepAccount({ reason, children }: { reason: string; children: ReactNode }) {
  return (
    <div className="audit__removal">
      <p>{children}</p>
      <p>
        <FormattedMessage id="console.audit.reason" values={{ reason }} />
      </p>
    </div>
  );
}

/** One step: the command, when, who, its events, and the standing after it (or a removal's before and after). */
function StepCard({ step }: { step: Step }) {
  const locale = useLocale();
  const { removal, correction } = step;
  return (
    <article className="audit__step" aria-labelledby="audit-step-title">
      <h4 id="audit-step-title">
        <FormattedMessage
          id={COMMANDS[step.command] ?? 'console.audit.command.other'}
          values={{ name: step.command }}
        />
      </h4>
      <dl className="audit__facts">
        <dt>
          <FormattedMessage id="console.audit.at" />
        </dt>
        <dd>
          <time dateTime={step.at}>{serverTime(step.at, locale)}</time>
        </dd>
        <dt>
          <FormattedMessage id="console.audit.who" />
        </dt>
        <dd>{step.actor?.name ?? <FormattedMessage id="console.audit.platform" />}</dd>
        <dt>
          <FormattedMessage id="console.audit.commandId" />
        </dt>
        <dd>
          <code>{step.commandId}</code>
        </dd>
      </dl>
      {removal && (
        <StepAccount reason={removal.reason}>
          <FormattedMessage
            id="console.audit.removal"
            values={{ by: removal.removedBy?.name ?? '—', bidder: removal.bidder.name, strong }}
          />
        </StepAccount>
      )}
      {correction && (
        <StepAccount reason={correction.reason}>
          <FormattedMessage
            id="console.audit.correction"
            values={{
              by: step.actor?.name ?? '—',
              winner: correction.winner.name,
              price: formatMoney(toCents(correction.price) ?? 0, locale),
              previousWinner: correction.previousWinner.name,
              previousPrice: formatMoney(toCents(correction.previousPrice) ?? 0, locale),
              strong,
            }}
          />
        </StepAccount>
      )}
      <StepEvents step={step} />
      {removal ? (
        <div className="audit__comparison">
          <StandingFacts title={<FormattedMessage id="console.audit.before" />} standing={removal.before} />
          <StandingFacts title={<FormattedMessage id="console.audit.after" />} standing={removal.after} after />
        </div>
      ) : (
        <StandingFacts title={<FormattedMessage id="console.audit.standingAfter" />} standing={step.standing} />
      )}
    </article>
  );
}

/** First, back, the step's place, forward, last, and a slider to jump; arrows step too. */
function Stepper({ count, at, onGo }: { count: number; at: number; onGo: (index: number) => void }) {
  const intl = useIntl();
  const go = (index: number) => onGo(Math.max(0, Math.min(count - 1, index)));
  const button = (label: MessageId, glyph: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className="console__role"
      aria-label={intl.formatMessage({ id: label })}
      title={intl.formatMessage({ id: label })}
      disabled={disabled}
      onClick={() => go(target)}
    >
      {glyph}
    </button>
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrows are a shortcut; every move has its own button.
    <div
      className="audit__stepper"
      onKeyDown={(event) => {
        // The slider moves itself with the arrows; stepping here as well would move twice.
        if (event.target instanceof HTMLInputElement) return;
        if (event.key === 'ArrowLeft') go(at - 1);
        if (event.key === 'ArrowRight') go(at + 1);
      }}
    >
      {button('console.audit.first', '|◀', 0, at === 0)}
      {button('console.audit.back', '◀', at - 1, at === 0)}
      <label className="audit__jump">
        <span>
          <FormattedMessage id="console.audit.stepOf" values={{ step: at + 1, count }} />
        </span>
        <input
          type="range"
          min={1}
          max={count}
          value={at + 1}
          aria-label={intl.formatMessage({ id: 'console.audit.jump' })}
          onChange={(event) => go(Number(event.target.value) - 1)}
        />
      </label>
      {button('console.audit.forward', '▶', at + 1, at === count - 1)}
      {button('console.audit.last', '▶|', count - 1, at === count - 1)}
    </div>
  );
}

/** Every step at a glance; choosing one jumps to it. */
function Timeline({ steps, at, onGo }: { steps: Step[]; at: number; onGo: (index: number) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <ol className="audit__timeline" aria-label={intl.formatMessage({ id: 'console.audit.timeline' })}>
      {steps.map((step) => {
        const price = step.standing.price;
        return (
          <li key={step.index}>
            <button
              type="button"
              className={step.index === at ? 'audit__tick audit__tick--on' : 'audit__tick'}
              aria-current={step.index === at ? 'step' : undefined}
              onClick={() => onGo(step.index)}
            >
              <span>{step.index + 1}.</span>{' '}
              <FormattedMessage
                id={COMMANDS[step.command] ?? 'console.audit.command.other'}
                values={{ name: step.command }}
              />
              {step.actor && <span className="console__muted"> · {step.actor.name}</span>}
              {/* The lot's price after the step: a maximum bid's own amount is in the step's events. */}
              {price && (
                <span className="console__muted">
                  {' · '}
                  <FormattedMessage
                    id="console.audit.priceAfter"
                    values={{ amount: formatMoney(toCents(price) ?? 0, locale) }}
                  />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** The replay's two files: JSON for scripts, CSV for a spreadsheet. */
const EXPORTS = [
  { label: 'console.audit.exportJson', file: replayJson, type: 'application/json', extension: 'json' },
  { label: 'console.audit.exportCsv', file: replayCsv, type: 'text/csv', extension: 'csv' },
] as const;

/** A lot's stream step by step (issue 20 §3): the verdict, the stepper, the step, the exports. */
export function LotReplay({ lotId }: { lotId: number }) {
  const replay = useQuery(auditQueries.replay(lotId));
  const [at, setAt] = useState(0);
  if (replay.isPending) return <Loading />;
  if (replay.isError) return <LoadError onRetry={() => replay.refetch()} />;
  const { steps } = replay.data;
  const current = steps[Math.min(at, steps.length - 1)];
  return (
    <div className="audit__replay">
      <Verification verification={replay.data.verification} />
      <div className="audit__actions">
        {EXPORTS.map(({ label, file, type, extension }) => (
          <button
            key={extension}
            type="button"
            className="console__role"
            onClick={() => saveText(file(replay.data), replayFileName(replay.data, extension), type)}
          >
            <FormattedMessage id={label} />
          </button>
        ))}
        <button type="button" className="console__role" onClick={() => replay.refetch()}>
          <FormattedMessage id="console.audit.reload" />
        </button>
      </div>
      {current === undefined ? (
        <p>
          <FormattedMessage id="console.audit.noStep" />
        </p>
      ) : (
        <div className="audit__layout">
          <div className="audit__main">
            <Stepper count={steps.length} at={current.index} onGo={setAt} />
            <StepCard step={current} />
          </div>
          <Timeline steps={steps} at={current.index} onGo={setAt} />
        </div>
      )}
    </div>
  );
}
