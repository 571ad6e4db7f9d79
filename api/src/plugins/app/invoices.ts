import fp from 'fastify-plugin';
import { type InvoiceAccess, invoiceAccess } from '../../invoices/invoiceAccessService.ts';
import { type InvoicePayments, invoicePayments } from '../../invoices/invoicePayments.ts';
import { type InvoiceRepository, invoiceRepository } from '../../invoices/invoiceRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices in PostgreSQL: lists, one invoice, the business field, the removal guard. */
    invoices: InvoiceRepository;
    /** An invoice by its key, once the caller may read (or pay) it; `invoice_not_found` otherwise. */
    invoiceAccess: InvoiceAccess;
    /** Paying an invoice by card, once (docs/payments.md). */
    invoicePayments: InvoicePayments;
  }
}

export default fp(
  async (app) => {
    const invoices = invoiceRepository(app.db);
    app.decorate('invoices', invoices);
    app.decorate('invoiceAccess', invoiceAccess({ invoices, authorization: app.authorization }));
    app.decorate('invoicePayments', invoicePayments({ db: app.db, stripe: app.stripe }));
  },
  { name: 'invoices', dependencies: ['infrastructure', 'authorization', 'stripe'] },
);
