import type { FastifyRequest } from 'fastify';
import { accountOf } from '../accounts/auth.ts';
import type { Authorization } from '../authorization/authorizationService.ts';
import { isOwnInvoice, mayPayInvoice, mayReadInvoice, mayRefundInvoice } from '../authorization/invoiceAccess.ts';
import { HttpError } from '../errors.ts';
import type { InvoiceRepository, InvoiceRow } from './invoiceRepository.ts';

export interface InvoiceAccess {
  /** The invoice, if the caller is its bidder or staff of its organisation. */
  readable(request: FastifyRequest, publicId: string): Promise<InvoiceRow>;
  /** The invoice, if the caller is its bidder (only they change or pay it). */
  own(request: FastifyRequest, publicId: string): Promise<InvoiceRow>;
  /**
   * The invoice, if the caller is staff of its organisation (or an administrator) and not the
   * bidder it bills: refunds and payments recorded by hand.
   */
  refundable(request: FastifyRequest, publicId: string): Promise<InvoiceRow>;
  /** Whether the caller manages the auction's organisation (every invoice of the auction is theirs to see). */
  managesAuction(request: FastifyRequest, auctionId: number): Promise<boolean>;
}

const notFound = () => new HttpError(404, 'invoice_not_found');

export function invoiceAccess(deps: { invoices: InvoiceRepository; authorization: Authorization }): InvoiceAccess {
  const { invoices, authorization } = deps;
  return {
    async readable(request, publicId) {
      const account = accountOf(request);
      const invoice = await invoices.byPublicId(publicId);
      if (!invoice) throw notFound();
      const owner = { bidderId: invoice.bidder_id, organizationId: invoice.organization_id };
      if (owner.bidderId === account.id) return invoice;
      if (!mayReadInvoice(await authorization.actorOf(account), owner)) throw notFound();
      return invoice;
    },
    async refundable(request, publicId) {
      const account = accountOf(request);
      const invoice = await invoices.byPublicId(publicId);
      if (!invoice) throw notFound();
      const owner = { bidderId: invoice.bidder_id, organizationId: invoice.organization_id };
      if (!mayRefundInvoice(await authorization.actorOf(account), owner)) throw notFound();
      // Staff who bid at their own organisation's auction neither mark their own invoice paid nor
      // send themselves its money back: another organiser (or an administrator) does, under their name.
      if (isOwnInvoice({ userId: account.id }, owner)) throw new HttpError(403, 'own_invoice_not_allowed');
      return invoice;
    },
    async own(request, publicId) {
      const account = accountOf(request);
      const invoice = await invoices.byPublicId(publicId);
      if (
        !invoice ||
        !mayPayInvoice({ userId: account.id }, { bidderId: invoice.bidder_id, organizationId: invoice.organization_id })
      ) {
        throw notFound();
      }
      return invoice;
    },
    async managesAuction(request, auctionId) {
      const actor = await authorization.actorOf(accountOf(request));
      try {
        await authorization.authorizeOn(actor, 'manage', 'auction', auctionId);
        return true;
      } catch {
        return false;
      }
    },
  };
}
