import { z } from 'zod';
import { commandId, errorAnswers, idParams, money } from './common.ts';
import { amountInput } from './lots.ts';

/**
 * Live lots sold on stage (issue 19 §3, docs/console.md "Stage"): the auction's live lots as the
 * operator sees them during the evening, and the sale the operator records (hammer price and
 * winner). The winner is one of the auction's bidders, found by name, email or phone through the
 * check-in guest search.
 */

const names = z.object({ en: z.string().optional(), fr: z.string().optional() });

export const liveLot = z.object({
  auctionLotItemId: z.number(),
  lotNumber: z.number(),
  translations: names,
  /** Spec 001 §4 lot status: 2 in progress, 3 closed before auction, 4 closed with no bid, 5 won. */
  status: z.number(),
  isHidden: z.boolean(),
  startingBid: money.nullable(),
  valuation: money.nullable(),
  /** The hammer price once sold, else the online bidding's price. */
  price: money.nullable(),
  /** True when the lot was sold on stage (not won online). */
  soldOnStage: z.boolean(),
  /** True when the stage sale was corrected since it was recorded (the audit replay tells how). */
  corrected: z.boolean(),
  winner: z.object({ userId: z.string(), name: z.string() }).nullable(),
});
export type LiveLot = z.infer<typeof liveLot>;

/** The hammer price and the winner, an auction bidder; the command id makes a retry harmless. */
export const liveSaleBody = z.strictObject({
  bidderId: z.uuid({ error: 'bidder_not_found' }),
  amount: amountInput,
  commandId,
});
export type LiveSaleBody = z.input<typeof liveSaleBody>;

/**
 * A stage sale corrected: the winner and hammer price the auctioneer really called, and why (kept
 * in the lot's stream for the auditors). One command id per confirmation, as for a sale.
 */
export const liveSaleCorrectionBody = z.strictObject({
  bidderId: z.uuid({ error: 'bidder_not_found' }),
  amount: amountInput,
  reason: z
    .string({ error: 'live_sale_correction_reason_required' })
    .trim()
    .min(1, { error: 'live_sale_correction_reason_required' })
    .max(500),
  commandId,
});
export type LiveSaleCorrectionBody = z.input<typeof liveSaleCorrectionBody>;

export const liveSaleAnswer = z.object({
  /** True when the command id had been seen: nothing new was recorded. */
  duplicate: z.boolean(),
  lot: liveLot,
});
export type LiveSaleAnswer = z.infer<typeof liveSaleAnswer>;

export const liveSalesContract = {
  lots: { params: idParams, response: { 200: z.array(liveLot), ...errorAnswers(401, 403, 404) } },
  sale: {
    params: idParams,
    body: liveSaleBody,
    response: { 200: liveSaleAnswer, ...errorAnswers(401, 403, 404, 409, 422) },
  },
  correction: {
    params: idParams,
    body: liveSaleCorrectionBody,
    response: { 200: liveSaleAnswer, ...errorAnswers(401, 403, 404, 409, 422) },
  },
};
