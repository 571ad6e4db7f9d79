/**
 * Every code the spec numbers, in one place: the API, the engine, the read models, the workers and
 * the web app name them from here instead of writing the numbers. Names are the spec's
 * (spec 000 §3–§4, spec 001 §3–§4 and §9).
 */

type CodeOf<T> = T[keyof T];

/** Spec 001 §4: 1 Planning (hidden in lists, not accessible) … 6 Archived (hidden in lists). */
export const AuctionStatus = {
  Planning: 1,
  PreOpen: 2,
  Active: 3,
  Completed: 4,
  InvoiceGenerated: 5,
  Archived: 6,
} as const;
export type AuctionStatus = CodeOf<typeof AuctionStatus>;

/** The statuses in which an auction is over: its lots are closed (spec 001 §4 "Lot status"). */
const CLOSED_AUCTION_STATUSES: readonly number[] = [
  AuctionStatus.Completed,
  AuctionStatus.InvoiceGenerated,
  AuctionStatus.Archived,
];

/** Spec 001 §4: "A lot is closed when the auction is Archived, Completed or InvoiceGenerated". */
export function isAuctionClosed(status: number): boolean {
  return CLOSED_AUCTION_STATUSES.includes(status);
}

/**
 * Once an auction's invoices exist (InvoiceGenerated, then Archived) its results are billed: a bid
 * is no longer removed nor a stage sale corrected (DESIGN.md §3 rule 4).
 */
export function isAuctionInvoiced(status: number): boolean {
  return status === AuctionStatus.InvoiceGenerated || status === AuctionStatus.Archived;
}

/** Spec 001 §4: every status but Planning and Archived, which are hidden in lists. */
export const LISTED_AUCTION_STATUSES = [
  AuctionStatus.PreOpen,
  AuctionStatus.Active,
  AuctionStatus.Completed,
  AuctionStatus.InvoiceGenerated,
] as const;

export function isAuctionListed(status: number): boolean {
  return (LISTED_AUCTION_STATUSES as readonly number[]).includes(status);
}

/** Open to watchers: about to open or opened (the carousel's auctions). */
export const CURRENT_AUCTION_STATUSES = [AuctionStatus.PreOpen, AuctionStatus.Active] as const;

/** Spec 001 §3: auction type. */
export const AuctionType = { Public: 1, PrivateEvent: 2 } as const;
export type AuctionType = CodeOf<typeof AuctionType>;

/** Spec 001 §3: an auction's donationType. */
export const DonationType = { None: 0, Internal: 1, External: 2 } as const;
export type DonationType = CodeOf<typeof DonationType>;

/**
 * Spec 001 §4 lot status codes. The engine decides 1 to 5; 6 to 8 follow payment and delivery;
 * 9 and 100 are shown states.
 */
export const LotStatus = {
  NotStarted: 1,
  InProgress: 2,
  ClosedBeforeAuction: 3,
  ClosedNoBid: 4,
  ClosedWon: 5,
  Paid: 6,
  Sent: 7,
  Received: 8,
  ClosingSoon: 9,
  OpenCannotBid: 100,
} as const;
export type LotStatus = CodeOf<typeof LotStatus>;

/** Spec 001 §4: "the lot status is 3 to 8" makes a lot closed, whatever its auction. */
export function isLotStatusClosed(status: number): boolean {
  return status >= LotStatus.ClosedBeforeAuction && status <= LotStatus.Received;
}

/** Closed with a winner: won, then paid, sent and received (5 to 8). */
export function isLotStatusWon(status: number): boolean {
  return status >= LotStatus.ClosedWon && status <= LotStatus.Received;
}

/** Spec 001 §4: "Ended = status above in progress and not closing soon". */
export function isLotStatusEnded(status: number): boolean {
  return status > LotStatus.InProgress && status !== LotStatus.ClosingSoon;
}

/** Spec 001 §4: a lot is closed when its auction is over or its own status says so. */
export function isLotClosed(lotStatus: number, auctionStatus: number): boolean {
  return isAuctionClosed(auctionStatus) || isLotStatusClosed(lotStatus);
}

/**
 * Spec 001 §9 sale types, the lot's `type` (the hub's `auctionLotItemType`; spec 001 §3 "live,
 * timed bid, fixed-price multi-sale").
 */
export const LotType = { Silent: 1, Live: 2, FixedPrice: 3 } as const;
export type LotType = CodeOf<typeof LotType>;

/**
 * Spec 000 §6 roles, and ours: Auditor (5) reads an organisation's bid log and replays it
 * (issue 20, docs/audit.md) and changes nothing.
 */
export const Role = { Administrator: 1, AuctionManager: 2, Patron: 3, Volunteer: 4, Auditor: 5 } as const;
export type Role = CodeOf<typeof Role>;

/** Spec 000 §3: an auction bidder's auctionBidderStatusEnum. */
export const BidderStatus = { Invited: 1, Visited: 2, Locked: 3 } as const;
export type BidderStatus = CodeOf<typeof BidderStatus>;

/** The spec's names of the bidder statuses, as answered beside the code. */
export const BIDDER_STATUS_NAMES = {
  [BidderStatus.Invited]: 'Invited',
  [BidderStatus.Visited]: 'Visited',
  [BidderStatus.Locked]: 'Locked',
} as const satisfies Record<BidderStatus, keyof typeof BidderStatus>;

/** Spec 000 §3 and spec 001 §9: language codes (the enumeration numbers English 1, French 2). */
export const Language = { English: 'en', French: 'fr' } as const;
export type Language = CodeOf<typeof Language>;
export const LANGUAGES: readonly Language[] = [Language.French, Language.English];

/** Spec 000 §4 and spec 001 §9: invoice status. */
export const InvoiceStatus = { Unpaid: 1, Paid: 2 } as const;
export type InvoiceStatus = CodeOf<typeof InvoiceStatus>;

/** Spec 000 §4: a card is usable, declined (cannot be selected) or expired. */
export const CardState = { Usable: 'usable', Declined: 'declined', Expired: 'expired' } as const;
export type CardState = CodeOf<typeof CardState>;

/** Spec 001 §9: currencies CAD (the default; prices are in CAD) and USD. */
export const Currency = { CAD: 'CAD', USD: 'USD' } as const;
export type Currency = CodeOf<typeof Currency>;
export const DEFAULT_CURRENCY: Currency = Currency.CAD;

/**
 * The platform's ceiling on an amount a person gives (a bid, a maximum bid, a purchase's price, a
 * donation): 10,000,000.00. Above it an amount is a typing slip or an attack (a bid near 2^53
 * cents froze a lot, since no next bid could be a safe integer); at it, a price plus an increment
 * still fits PostgreSQL's integer (int4) columns and stays a safe integer, and the sums of real
 * data stay far below 2^53.
 */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/** Spec 001 §9: payment type 2 means manual payment confirmation. */
export const PaymentType = { Manual: 2 } as const;

/** Spec 000 §1, spec 001 §1: the two white-label brands and the provider kinds. */
export const BrandId = { Signature: 1, PopABid: 2 } as const;
export type BrandId = CodeOf<typeof BrandId>;
export const ProviderKind = { None: 0, SignaturePro: 1, PopABid: 2 } as const;
export type ProviderKind = CodeOf<typeof ProviderKind>;
