import { PAYMENT_ATTEMPTS_QUEUE, startPeriodicJob } from '@auction/platform';
import fp from 'fastify-plugin';
import {
  type AutomaticCharges,
  automaticCharges,
  startAutomaticChargesWorker,
} from '../../invoices/automaticCharges.ts';
import { type InvoiceAccess, invoiceAccess } from '../../invoices/invoiceAccessService.ts';
import { type InvoiceDocuments, invoiceDocuments } from '../../invoices/invoiceDocuments.ts';
import { type InvoiceMail, invoiceMail } from '../../invoices/invoiceMail.ts';
import { type InvoicePayments, invoicePayments } from '../../invoices/invoicePayments.ts';
import { type InvoiceRefunds, invoiceRefunds } from '../../invoices/invoiceRefunds.ts';
import { type InvoiceRepository, invoiceRepository } from '../../invoices/invoiceRepository.ts';
import { type StaleAttempts, staleAttempts } from '../../invoices/staleAttempts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices in PostgreSQL: lists, one invoice, the business field, the removal guard. */
    invoices: InvoiceRepository;
    /** An invoice by its key, once the caller may read (or pay) it; `invoice_not_found` otherwise. */
    invoiceAccess: InvoiceAccess;
    /** Paying an invoice by card, once (docs/payments.md). */
    invoicePayments: InvoicePayments;
    /** The invoice and its donation receipt as PDFs. */
    invoiceDocuments: InvoiceDocuments;
    /** The invoice's emails (sent on request; once when paid, with the receipt). */
    invoiceMail: InvoiceMail;
    /** Refunds of paid invoices by the organisation's staff. */
    invoiceRefunds: InvoiceRefunds;
    /** Charging winners' selected cards when an auction is invoiced, if it says so. */
    automaticCharges: AutomaticCharges;
    /** Settling, from Stripe, payment attempts left open (docs/payments.md "Attempts left open"). */
    staleAttempts: StaleAttempts;
  }
}

/** How often the API looks for payment attempts left open: a held invoice is freed within minutes. */
const SWEEP_EVERY_MS = 5 * 60_000;

export default fp(
  async (app) => {
    const invoices = invoiceRepository(app.db);
    const documents = invoiceDocuments(app.db);
    const mail = invoiceMail({
      invoices,
      documents,
      messages: app.messageQueue,
      publicUrl: app.settings.publicUrl,
    });
    const payments = invoicePayments({
      db: app.db,
      stripe: app.stripe,
      onPaid: (invoiceId) =>
        mail.sendPaid(invoiceId).catch((error: unknown) => {
          app.log.error({ err: error, invoiceId }, 'the paid invoice email could not be queued');
        }),
    });
    app.decorate('invoices', invoices);
    app.decorate('invoiceAccess', invoiceAccess({ invoices, authorization: app.authorization }));
    app.decorate('invoicePayments', payments);
    app.decorate('invoiceDocuments', documents);
    app.decorate('invoiceMail', mail);
    app.decorate(
      'invoiceRefunds',
      invoiceRefunds({
        db: app.db,
        stripe: app.stripe,
        onReceiptReplaced: (change) =>
          mail.sendReceiptReplaced(change).catch((error: unknown) => {
            app.log.error({ err: error, ...change }, 'the replaced donation receipt email could not be queued');
          }),
      }),
    );
    const charges = automaticCharges({ db: app.db, invoices, payments });
    app.decorate('automaticCharges', charges);
    const stale = staleAttempts({ db: app.db, payments, log: app.log });
    app.decorate('staleAttempts', stale);
    // The workers request automatic charges on the same Redis as the hub (and its prefix); this
    // process holds the Stripe credentials, so it runs them.
    const hub = app.settings.hub;
    if (hub && app.settings.stripe) {
      const queueOptions = {
        connection: { url: hub.redisUrl },
        ...(hub.redisPrefix ? { prefix: hub.redisPrefix } : {}),
      };
      const worker = startAutomaticChargesWorker(charges, queueOptions);
      worker.on('error', (error) => app.log.warn({ err: error }, 'automatic charges worker'));
      // Every few minutes, by one API process whatever their number (a BullMQ job scheduler).
      const sweep = startPeriodicJob({
        ...queueOptions,
        queueName: PAYMENT_ATTEMPTS_QUEUE,
        schedulerId: 'payment-attempts-every',
        jobName: 'sweep',
        everyMs: SWEEP_EVERY_MS,
        async run() {
          const outcome = await stale.sweep();
          if (outcome.settled + outcome.closed + outcome.processing > 0) {
            app.log.info(outcome, 'payment attempts left open, settled from Stripe');
          }
          return outcome;
        },
      });
      sweep.worker.on('error', (error) => app.log.warn({ err: error }, 'payment attempts sweep'));
      app.addHook('onClose', async () => {
        await worker.close();
        await sweep.stop();
      });
    }
  },
  { name: 'invoices', dependencies: ['infrastructure', 'authorization', 'stripe'] },
);
