import { type ManualPayments, manualPayments } from '../../invoices/manualPayments.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments made outside the product (cash, cheque) and the auction's invoices as the console lists them. */
    manualPayments: ManualPayments;
  }
}

export default servicePlugin(
  'manualPayments',
  (app) =>
    manualPayments({
      db: app.db,
      afterPaid: app.invoicePayments.afterPaid,
      // A failure to queue the email never undoes the cancellation, which is committed.
      afterReopened: (reopening) =>
        app.invoiceMail.sendReopened(reopening).catch((error: unknown) => {
          app.log.error(
            { err: error, invoiceId: reopening.invoiceId },
            'the reopened invoice email could not be queued',
          );
        }),
    }),
  { name: 'manual-payments', dependencies: ['infrastructure', 'invoices'] },
);
