/**
 * Why a command was refused. The spellings are the spec's message keys where it has one
 * (spec 001 §5 and §8); the others name the engine's own conditions.
 */
export type RefusalReason =
  | 'bid_too_low'
  | 'max_bid_too_low'
  | 'proxy_not_allowed'
  | 'item_closed'
  | 'item_no_price'
  | 'item_hidden'
  | 'invalid_amount'
  | 'invalid_quantity'
  | 'sold_out'
  | 'auctionNotActive'
  | 'bid_not_found'
  | 'lot_not_opened'
  | 'lot_already_opened'
  | 'lot_not_ended'
  | 'invalid_date'
  | 'lot_not_live'
  | 'lot_already_sold'
  | 'lot_not_sold_on_stage'
  | 'live_sale_unchanged';
