import type { BidReceipt, ReceiptVerdict } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { formatDate, formatMoney, formatTime } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { Labelled } from '../layout/Labelled.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { receiptMutations } from './queries.ts';

/** A verdict on a receipt the platform signed: the only ones compared with the log. */
type SignedVerdict = ReceiptVerdict & { message: Exclude<ReceiptVerdict['message'], 'bid_receipt_invalid'> };

/**
 * What the page shows after a check: the server's verdict on a signed receipt, or that the text
 * is not one of the platform's receipts (not JSON, malformed, or not signed by it).
 */
type Outcome = { kind: 'verdict'; verdict: SignedVerdict; receipt: BidReceipt } | { kind: 'invalid' };

const isSigned = (verdict: ReceiptVerdict): verdict is SignedVerdict => verdict.message !== 'bid_receipt_invalid';

const verdictClass: Record<SignedVerdict['message'], string> = {
  bid_receipt_verified: 'alert alert--success',
  bid_receipt_mismatch: 'alert alert--danger',
  bid_receipt_not_found: 'alert alert--warning',
};

/** The text as a receipt object, or null; its fields are the server's to check. */
function parseReceipt(text: string): BidReceipt | null {
  try {
    const value: unknown = JSON.parse(text);
    // A whole bid answer pasted is accepted too: its receipt is what is checked.
    const receipt = (value as { receipt?: unknown })?.receipt ?? value;
    return receipt && typeof receipt === 'object' && !Array.isArray(receipt) ? (receipt as BidReceipt) : null;
  } catch {
    return null;
  }
}

/**
 * The public receipt check (docs/audit.md): someone pastes or opens a bid receipt and learns, in
 * their language, whether it is the platform's and that bid is in its log unchanged, or which
 * field the log no longer matches.
 */
export function ReceiptCheckPage() {
  const locale = useLocale();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const verify = useMutation({ ...receiptMutations.verify() });

  const check = async (source: string) => {
    const receipt = parseReceipt(source);
    if (!receipt) {
      setOutcome({ kind: 'invalid' });
      return;
    }
    try {
      const verdict = await verify.mutateAsync(receipt);
      // An unsigned receipt's own lot, amount and time are not repeated: nothing vouches for them.
      setOutcome(isSigned(verdict) ? { kind: 'verdict', verdict, receipt } : { kind: 'invalid' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setOutcome({ kind: 'invalid' });
      else setOutcome(null);
    }
  };

  return (
    <section className="receipt-check">
      <PageTitle id="receipt.title" />
      <p>
        <FormattedMessage id="receipt.explanation" />
      </p>
      <form
        className="receipt-check__form"
        onSubmit={(event) => {
          event.preventDefault();
          void check(text);
        }}
      >
        <Labelled
          label="receipt.paste"
          control={(wiring) => (
            <textarea
              {...wiring}
              className="receipt-check__text"
              rows={8}
              spellCheck={false}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        />
        <Labelled
          label="receipt.upload"
          control={(wiring) => (
            <input
              {...wiring}
              type="file"
              accept="application/json,.json"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                const content = await file.text();
                setText(content);
                void check(content);
              }}
            />
          )}
        />
        <button type="submit" className="button" disabled={verify.isPending || text.trim() === ''}>
          <FormattedMessage id="receipt.verify" />
        </button>
      </form>
      <div aria-live="polite">
        {outcome?.kind === 'invalid' ? (
          <p className="alert alert--danger">
            <FormattedMessage id="bid_receipt_invalid" />
          </p>
        ) : null}
        {outcome?.kind === 'verdict' ? (
          <div className={verdictClass[outcome.verdict.message]}>
            <p>
              <strong>
                <FormattedMessage id={outcome.verdict.message} />
              </strong>
            </p>
            <p>
              <FormattedMessage
                id="receipt.summary"
                values={{
                  lotId: outcome.receipt.lotId,
                  amount: formatMoney(outcome.receipt.amountCents, locale),
                  date: formatDate(outcome.receipt.serverTime, locale),
                  time: formatTime(outcome.receipt.serverTime, locale),
                  version: outcome.receipt.streamVersion,
                }}
              />
            </p>
            {outcome.verdict.mismatches.length > 0 ? (
              <ul>
                {outcome.verdict.mismatches.map((field) => (
                  <li key={field}>
                    <FormattedMessage id={`receipt.field.${field}` as MessageId} />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
