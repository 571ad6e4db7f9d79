/**
 * The read models built from the lot streams (`lot_views`, `lot_bids`, `lot_max_bids`,
 * `lot_purchases`), the donation streams (`donations`) and both (`invoice_lines`): the pure
 * projections, the PostgreSQL applier, the checkpointed runner that also publishes hub events, the
 * rebuild and the verification against a replay.
 */

export { type ApplyResult, applyEvents } from './applyEvents.ts';
export { type Donation, donationAfter, donationFromStream } from './donations/donation.ts';
export { asDonationEvent, type DonationRecordedEvent } from './donations/donationEvents.ts';
export { type HubMessage, hubMessagesFor } from './hubMessages.ts';
export {
  donationLine,
  type InvoiceLine,
  lotInvoiceLines,
  purchaseLine,
  wonLotLine,
} from './invoices/invoiceLine.ts';
export { lotBidOf } from './lotBids.ts';
export { asLotEvent, type LotRecordedEvent } from './lotEvent.ts';
export { lotMaxBidChangeOf, type MaxBidChange } from './lotMaxBids.ts';
export { lotPurchaseOf } from './lotPurchases.ts';
export { byStanding, lotRowsFromStream } from './lotRowsFromStream.ts';
export { lotViewAfter } from './lotView.ts';
export { type ProjectionLag, readProjectionLag, watchProjectionLag } from './projectionLag.ts';
export { type LotChanges, type LotProjection, projectLotEvent } from './projectLotEvent.ts';
export { type RebuildOptions, type RebuildResult, rebuildProjections } from './rebuildProjections.ts';
export type { LotBid, LotMaxBid, LotPurchase, LotRef, LotRows, LotView } from './rows.ts';
export {
  PROJECTIONS_LOCK_KEY,
  PROJECTIONS_SUBSCRIPTION,
  type Projections,
  type ProjectionsOptions,
  startProjections,
} from './startProjections.ts';
export { readLotRows } from './tables.ts';
export {
  compareLot,
  type ReadModelMismatch,
  type VerifyOptions,
  type VerifyResult,
  verifyReadModels,
} from './verifyReadModels.ts';
