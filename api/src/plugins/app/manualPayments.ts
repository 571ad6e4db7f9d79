import fp from 'fastify-plugin';
import { type ManualPayments, manualPayments } from '../../invoices/manualPayments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments made outside the product (cash, cheque) and the auction's invoices as the console lists them. */
    manualPayments: ManualPayments;
  }
}

export default fp(
  async (app) => {
    app.decorate('manualPayments', manualPayments({ db: app.db, afterPaid: app.invoicePayments.afterPaid }));
  },
  { name: 'manual-payments', dependencies: ['infrastructure', 'invoices'] },
);
