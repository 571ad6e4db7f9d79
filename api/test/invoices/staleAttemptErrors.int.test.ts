import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type SweepLog, staleAttempts } from '../../src/invoices/staleAttempts.ts';
import { registerConfirmed } from '../accounts/accountFlows.ts';
import { useInvoiceTest } from '../routes/api/invoices/invoiceFixtures.ts';

// The sweep of payment attempts left open (docs/payments.md "Attempts left open") when one of them
// cannot be settled: the others are not left behind it.
const kit = useInvoiceTest();
const { test } = kit;

/** A new bidder's invoice of 40 $ with a card selected for its auction. */
async function invoiceWithCard() {
  const bidder = await registerConfirmed(test);
  const invoice = await kit.fixtures().invoiceFor(bidder.id, [{ amount: 40_00 }], { taxes: false });
  await kit.fixtures().cardFor(bidder.token, invoice.auction_id);
  return { bidder, invoice };
}

/**
 * The bidder's payment charged at Stripe (its webhook held), then the API killed before writing it:
 * its own write undone, the attempt open and untouched for `minutes`. Answers the attempt's id.
 */
async function lostCharge({ bidder, invoice }: Awaited<ReturnType<typeof invoiceWithCard>>, minutes: number) {
  test.stripe.pauseWebhooks();
  const row = await test.app.invoices.byPublicId(invoice.public_id);
  if (!row) throw new Error('no invoice');
  expect(await test.app.invoicePayments.pay(row, bidder.id, undefined)).toMatchObject({ isPaid: true });
  const { db } = test.database;
  await sql`UPDATE payment_attempts SET status = 'open', payment_intent_id = NULL,
      updated_at = now() - make_interval(mins => ${minutes}) WHERE invoice_id = ${invoice.id}`.execute(db);
  await sql`UPDATE invoices SET status = 1, paid_at = NULL WHERE id = ${invoice.id}`.execute(db);
  const attempt = await db
    .selectFrom('payment_attempts')
    .select('id')
    .where('invoice_id', '=', invoice.id)
    .executeTakeFirstOrThrow();
  return { invoice, attemptId: attempt.id };
}

const attemptStatus = async (attemptId: string) =>
  (
    await test.database.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow()
  ).status;

/** The sweep, with the settlement of the attempts `failing` names failing (Stripe erring, a write refused). */
function sweepFailingFor(failing: ReadonlySet<string>, log: SweepLog, perRun?: number) {
  const real = test.app.invoicePayments;
  return staleAttempts({
    db: test.database.db,
    payments: {
      ...real,
      reconcile: (attempt) =>
        failing.has(attempt.id) ? Promise.reject(new Error('unexpected failure')) : real.reconcile(attempt),
    },
    log,
    ...(perRun === undefined ? {} : { perRun }),
  });
}

describe('the sweep of payment attempts left open', () => {
  it('logs and counts an attempt it cannot settle, and settles the ones after it', async () => {
    try {
      const first = await invoiceWithCard();
      const second = await invoiceWithCard();
      // The older is swept first.
      const broken = await lostCharge(first, 40);
      const next = await lostCharge(second, 20);
      const logged: Array<{ attemptId: string; message: string }> = [];
      const log: SweepLog = { error: ({ attemptId }, message) => logged.push({ attemptId, message }) };
      // The first attempt's settlement fails.
      const sweep = sweepFailingFor(new Set([broken.attemptId]), log);
      expect(await sweep.sweep()).toMatchObject({ settled: 1, failed: 1, closed: 0 });
      expect(logged).toEqual([{ attemptId: broken.attemptId, message: expect.any(String) }]);
      expect(await attemptStatus(next.attemptId)).toBe('succeeded');
      expect(await attemptStatus(broken.attemptId)).toBe('open');
      // The next run settles it, once its settlement works again.
      expect(await test.app.staleAttempts.sweep()).toMatchObject({ settled: 1, failed: 0 });
      expect(await attemptStatus(broken.attemptId)).toBe('succeeded');
      for (const { invoice } of [broken, next]) expect(kit.fixtures().chargesOf(invoice.id)).toBe(1);
    } finally {
      await test.stripe.resumeWebhooks();
    }
  });

  it("reads the attempts it has not looked at before those it left open, so a run's worth of them holds none behind", async () => {
    try {
      // Cards put on file before any webhook is held; then, oldest first, two attempts that cannot
      // be settled and one that can.
      const first = await invoiceWithCard();
      const second = await invoiceWithCard();
      const third = await invoiceWithCard();
      const a = await lostCharge(first, 50);
      const b = await lostCharge(second, 40);
      const c = await lostCharge(third, 30);
      const failing = new Set([a.attemptId, b.attemptId]);
      const sweep = sweepFailingFor(failing, { error: () => {} }, 2);
      expect(await sweep.sweep()).toMatchObject({ failed: 2, settled: 0 });
      expect(await attemptStatus(c.attemptId)).toBe('open');
      // The next run reads the one not looked at yet first, then the oldest of those left open.
      expect(await sweep.sweep()).toMatchObject({ failed: 1, settled: 1 });
      expect(await attemptStatus(c.attemptId)).toBe('succeeded');
      // Once their settlement works, the others are settled in turn, each charged once.
      failing.clear();
      await sweep.sweep();
      for (const { attemptId } of [a, b]) expect(await attemptStatus(attemptId)).toBe('succeeded');
      for (const { invoice } of [a, b, c]) expect(kit.fixtures().chargesOf(invoice.id)).toBe(1);
    } finally {
      await test.stripe.resumeWebhooks();
    }
  });
});
