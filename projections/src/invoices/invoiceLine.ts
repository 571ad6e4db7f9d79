import type { Cents } from '@auction/engine';
import type { Donation } from '../donations/donation.ts';
import type { LotPurchase, LotRef, LotView } from '../rows.ts';

/**
 * One line of what a bidder owes for an auction (for the payments issue): a lot won at its sale
 * price, a fixed-price purchase (quantity × unit price) or a donation. Line ids are stable, so a
 * replay or a redelivery writes the same rows.
 */
export interface InvoiceLine {
  lineId: string;
  auctionId: number;
  bidderId: string;
  kind: 'lot' | 'purchase' | 'donation';
  lotId: number | null;
  donationId: string | null;
  quantity: number;
  unitPrice: Cents;
  amount: Cents;
  occurredAt: number;
}

const WON = 5;

/** The won lot's line: only while the lot stands closed and won (a removal after the close can undo it). */
export function wonLotLine(lot: LotRef, view: LotView): InvoiceLine | null {
  if (view.status !== WON || view.winnerId === null || view.price === null) return null;
  return {
    lineId: `lot:${lot.lotId}`,
    auctionId: lot.auctionId,
    bidderId: view.winnerId,
    kind: 'lot',
    lotId: lot.lotId,
    donationId: null,
    quantity: 1,
    unitPrice: view.price,
    amount: view.price,
    occurredAt: view.closedAt ?? view.lastEventAt,
  };
}

export function purchaseLine(lot: LotRef, purchase: LotPurchase): InvoiceLine {
  return {
    lineId: `purchase:${purchase.purchaseId}`,
    auctionId: lot.auctionId,
    bidderId: purchase.bidderId,
    kind: 'purchase',
    lotId: lot.lotId,
    donationId: null,
    quantity: purchase.quantity,
    unitPrice: purchase.unitPrice,
    amount: purchase.quantity * purchase.unitPrice,
    occurredAt: purchase.purchasedAt,
  };
}

/** A donation's line; none once deleted, nor for an anonymous donation (no one to invoice). */
export function donationLine(donation: Donation): InvoiceLine | null {
  if (donation.deletedAt !== null || donation.userId === null) return null;
  return {
    lineId: `donation:${donation.donationId}`,
    auctionId: donation.auctionId,
    bidderId: donation.userId,
    kind: 'donation',
    lotId: null,
    donationId: donation.donationId,
    quantity: 1,
    unitPrice: donation.amount,
    amount: donation.amount,
    occurredAt: donation.donatedAt,
  };
}

/** Every line one lot gives, from its view and purchases: what verify expects of the table. */
export function lotInvoiceLines(lot: LotRef, view: LotView, purchases: readonly LotPurchase[]): InvoiceLine[] {
  const won = wonLotLine(lot, view);
  return [...(won ? [won] : []), ...purchases.map((p) => purchaseLine(lot, p))];
}
