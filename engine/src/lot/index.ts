export type {
  BuyItem,
  CloseLot,
  CloseLotEarly,
  CommandEnvelope,
  CorrectLiveSale,
  DeleteMaxBid,
  HideLot,
  LotCommand,
  MoveAuctionEnd,
  OpenLot,
  PlaceBid,
  PlaceMaxBid,
  RecordLiveSale,
  RemoveBid,
  RepriceLot,
  RescheduleLot,
  ShowLot,
} from './commands.ts';
export type { LotConfig, LotType, Pricing } from './config.ts';
export { decide } from './decide.ts';
export { lotDecider } from './decider.ts';
export type { Decision } from './decision.ts';
export type {
  AuctionEndMoved,
  BidPlaced,
  BidRemoved,
  EventMeta,
  ItemPurchased,
  LiveSaleCorrected,
  LiveSaleRecorded,
  LotClosed,
  LotEvent,
  LotEventType,
  LotExtended,
  LotHidden,
  LotOpened,
  LotRepriced,
  LotRescheduled,
  LotShown,
  MaxBidDeleted,
  MaxBidPlaced,
  MaxBidRaised,
} from './events.ts';
export { evolve } from './evolve.ts';
export { type CommandPreview, previewCommand, previewRemoval, type RemovalPreview } from './preview.ts';
export type { RefusalReason } from './refusals.ts';
export { isClosedAt } from './rules/guards.ts';
export { maxBidOf, type Standing, type StandingSummary, standing, standingSummary } from './standing.ts';
export {
  type ClosedLotStatus,
  type CommandOutcome,
  initialState,
  isClosed,
  type LotState,
  type LotStatusCode,
  outcomeOf,
  type StandingBid,
} from './state.ts';
