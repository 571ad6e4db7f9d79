import type { Db } from '@auction/platform';
import { paymentAttemptsSwept } from '@auction/platform/metrics';
import { sql } from 'kysely';
import { type AttemptToReconcile, chargeOutcome, type InvoicePayments } from './invoicePayments.ts';

/**
 * An open attempt no request has touched for this long is stale: a request charging it finishes
 * within a minute (the SDK's 20 s timeout and one retry), so nobody is about to charge it.
 */
export const STALE_ATTEMPT_MS = 15 * 60_000;

/** How many stale attempts one run looks at (a run every five minutes: a few Stripe reads a second at most). */
const SWEPT_PER_RUN = 100;

export interface StaleAttemptsSweep {
  /** Attempts Stripe had charged, or refused, and that are now settled from it. */
  settled: number;
  /** Attempts Stripe never saw, closed as `not_charged`: the invoice can be paid again. */
  closed: number;
  /** Attempts Stripe is still processing: their webhook settles them. */
  processing: number;
  /** Attempts whose look-up or settlement failed (logged): the next sweep tries them again. */
  failed: number;
}

/** Where the sweep reports an attempt it could not settle (the API's logger). */
export interface SweepLog {
  error(details: { err: unknown; attemptId: string }, message: string): void;
}

const stderrLog: SweepLog = {
  error: ({ err, attemptId }, message) => console.error(`${message} (attempt ${attemptId}):`, err),
};

/**
 * The sweep of stale payment attempts (docs/payments.md "Attempts left open"). An attempt stays
 * open when its request died before writing Stripe's answer and the webhook never came (the
 * endpoint down longer than Stripe retries it). Left alone, it would hold its invoice as "payment
 * in progress" (no recording, no cancellation), and a retry after Stripe forgot its key (24 hours)
 * would charge it again. So every few minutes the API asks Stripe what became of each stale one,
 * by the attempt's id on the PaymentIntent: a charge found is applied as its answer would have
 * been (`reconcile`); none found closes the attempt as `not_charged`, only if no request touched
 * it meanwhile (the conditional UPDATE waits for a request's claim and sees its new time).
 *
 * One attempt that cannot be settled (Stripe failing, a write refused) is logged and counted, and
 * the sweep goes on with the others: stopping there would leave every attempt after it open, at
 * each run, behind the same one. For the same reason an attempt a run leaves open (failing, or
 * still processing at Stripe) is marked `swept_at` and read after those not yet looked at, so a
 * run's worth of them cannot hold every attempt behind them.
 */
export function staleAttempts(deps: { db: Db; payments: InvoicePayments; log?: SweepLog; perRun?: number }) {
  const log = deps.log ?? stderrLog;
  const perRun = deps.perRun ?? SWEPT_PER_RUN;
  return {
    async sweep(now = new Date()): Promise<StaleAttemptsSweep> {
      const cutoff = new Date(now.getTime() - STALE_ATTEMPT_MS);
      const { rows: stale } = await sql<AttemptToReconcile>`
        SELECT a.id, a.created_at, pi.stripe_customer_id
        FROM payment_attempts a
          JOIN payment_methods pm ON pm.stripe_payment_method_id = a.stripe_payment_method_id
          JOIN payment_informations pi ON pi.id = pm.payment_information_id
        WHERE a.status = 'open' AND a.updated_at < ${cutoff}
        ORDER BY a.swept_at NULLS FIRST, a.updated_at LIMIT ${perRun}`.execute(deps.db);
      const outcome: StaleAttemptsSweep = { settled: 0, closed: 0, processing: 0, failed: 0 };
      // Those left open go behind the others at the next run (migration 0043).
      const leftOpen: string[] = [];
      for (const attempt of stale) {
        const { id } = attempt;
        try {
          const found = await deps.payments.reconcile(attempt);
          if (found) {
            const processing = chargeOutcome(found) === 'processing';
            outcome[processing ? 'processing' : 'settled'] += 1;
            if (processing) leftOpen.push(id);
            continue;
          }
          const closed = await deps.db
            .updateTable('payment_attempts')
            .set({ status: 'failed', error_code: 'not_charged', updated_at: sql`now()` })
            .where('id', '=', id)
            .where('status', '=', 'open')
            .where('updated_at', '<', cutoff)
            .executeTakeFirst();
          outcome.closed += Number(closed.numUpdatedRows);
        } catch (error) {
          outcome.failed += 1;
          leftOpen.push(id);
          log.error({ err: error, attemptId: id }, 'a payment attempt left open could not be settled');
        }
      }
      if (leftOpen.length > 0) {
        // Only the sweep's own column: a request's claim (updated_at) is neither read nor moved.
        await deps.db.updateTable('payment_attempts').set({ swept_at: now }).where('id', 'in', leftOpen).execute();
      }
      for (const [label, count] of Object.entries(outcome)) {
        if (count > 0) paymentAttemptsSwept.inc({ outcome: label }, count);
      }
      return outcome;
    },
  };
}

export type StaleAttempts = ReturnType<typeof staleAttempts>;
