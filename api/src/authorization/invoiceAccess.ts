import { type Actor, mayActOn } from './organizationRules.ts';

/**
 * Who may see an invoice (docs/payments.md): the bidder it bills, and the staff who manage the
 * organisation that issued it (administrators everywhere). Only the bidder may change it or pay
 * it. Anyone else is answered `invoice_not_found`, so invoice keys of others do not leak.
 */
export interface InvoiceOwner {
  bidderId: string;
  organizationId: number;
}

export function mayReadInvoice(actor: Actor, invoice: InvoiceOwner): boolean {
  return invoice.bidderId === actor.userId || mayActOn(actor, 'manage', invoice.organizationId);
}

export function mayPayInvoice(actor: Pick<Actor, 'userId'>, invoice: InvoiceOwner): boolean {
  return isOwnInvoice(actor, invoice);
}

/**
 * Refunds and payments recorded by hand are the issuing organisation's staff's (administrators
 * everywhere), never the bidder's; staff billed by the invoice are refused apart (`isOwnInvoice`),
 * with a reason, since they may see it.
 */
export function mayRefundInvoice(actor: Actor, invoice: InvoiceOwner): boolean {
  return mayActOn(actor, 'manage', invoice.organizationId);
}

/** Whether the invoice bills the actor: staff may see it, but not record its money (separation of duties). */
export function isOwnInvoice(actor: Pick<Actor, 'userId'>, invoice: Pick<InvoiceOwner, 'bidderId'>): boolean {
  return invoice.bidderId === actor.userId;
}
