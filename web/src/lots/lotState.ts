import { isLotStatusEnded, isLotStatusWon, isLotClosed as isSpecLotClosed } from '@auction/contract';
import type { MessageId } from '../i18n/messages.ts';
import { toCents } from '../lib/money.ts';
import { type Lot, type LotDetail, LotStatus, LotType, type Standing } from './types.ts';

const MINUTE = 60_000;

/** Spec 001 §4: a lot is closed when its auction is over or its own status is 3 to 8. */
export function isLotClosed(lot: Pick<Lot, 'status'>, auctionStatus: number): boolean {
  return isSpecLotClosed(lot.status, auctionStatus);
}

/** Spec 001 §4: ended = status above in progress and not closing soon. */
export const isEnded = isLotStatusEnded;

/** A closing-soon lot whose dateTurningRed has passed shows a red banner. */
export function isTurningRed(lot: Pick<Lot, 'status' | 'dateTurningRed'>, now: number): boolean {
  return (
    lot.status === LotStatus.ClosingSoon ||
    (lot.status === LotStatus.InProgress && now >= Date.parse(lot.dateTurningRed))
  );
}

export function isFixedPrice(lot: Pick<Lot, 'type'>): boolean {
  return lot.type === LotType.FixedPrice;
}

/** Whether the lot has been pushed past its initial end by late bids. */
export function isTimeExtended(lot: Pick<Lot, 'dateCompletedUtc' | 'initialDateCompleted'>): boolean {
  return Date.parse(lot.dateCompletedUtc) > Date.parse(lot.initialDateCompleted);
}

/**
 * Price shown on a card: the fixed price, the last bid (the winning bid once the lot closed won:
 * "current bid" read as if it still ran), or the starting bid.
 */
export function displayPrice(lot: Lot): { messageId: MessageId; cents: number | null } {
  if (isFixedPrice(lot)) return { messageId: 'lot.price.fixed', cents: toCents(lot.multiSalePrice) };
  if (lot.bidCount > 0 && lot.lastBid) {
    return {
      messageId: isLotStatusWon(lot.status) ? 'lot.price.winningBid' : 'lot.price.lastBid',
      cents: toCents(lot.lastBid),
    };
  }
  return { messageId: 'lot.price.startingBid', cents: toCents(lot.startingBid) };
}

export type Highlight = 'extension' | 'winning' | 'won' | 'losing' | 'favorite' | 'purchased' | null;

export interface Viewer {
  userId: string | null;
  /** How many of this fixed-price lot the user owns, when known (the detail's history). */
  owned?: number;
}

export function ownsSome(lot: Lot, viewer: Viewer): boolean {
  if (!viewer.userId || !isFixedPrice(lot)) return false;
  return (viewer.owned ?? ownedCount(lot)) > 0 || lot.bidders.includes(viewer.userId);
}

/**
 * Spec 001 §2 highlight colours, first match wins in the spec's order: time extension yellow,
 * winning green, losing red, favourite or closing soon blue, fixed price bought by the user orange.
 */
export function highlightOf(lot: Lot, viewer: Viewer, auctionStatus: number, now: number): Highlight {
  const closed = isLotClosed(lot, auctionStatus);
  // A lot the user won is shown won (green), not closed on a colour that reads as lost.
  if (hasWon(lot, viewer, auctionStatus)) return 'won';
  if (!closed && lot.allowsTimeExtension && isTimeExtended(lot)) return 'extension';
  if (viewer.userId && !isFixedPrice(lot)) {
    if (lot.winningUserId === viewer.userId && !closed) return 'winning';
    if (lot.bidders.includes(viewer.userId) && !closed) return 'losing';
  }
  if (lot.isFavorite || (!closed && isTurningRed(lot, now))) return 'favorite';
  if (ownsSome(lot, viewer)) return 'purchased';
  return null;
}

export type UserBanner =
  | { kind: 'owned' | 'donated'; count: number }
  | { kind: 'processing' | 'winner' | 'lost' | 'currentWinner' | 'currentLoser' }
  | null;

/** What the user owns of a fixed-price lot, from the API's banner (the only source of purchases). */
export function ownedCount(lot: Lot): number {
  const banner = lot.userBanner;
  return banner && (banner.state === 'ownedItems' || banner.state === 'donationsDone') ? (banner.count ?? 0) : 0;
}

/**
 * Spec 001 §4 per-lot banner of a logged-in user: the API's when it sends one (it knows purchases),
 * else computed from the lot's leader, winner and bidders.
 */
export function userBannerOf(lot: Lot, viewer: Viewer, auctionStatus: number, refreshing = false): UserBanner {
  const me = viewer.userId;
  if (!me) return null;
  if (refreshing && lot.userBanner) return { kind: 'processing' };
  if (lot.userBanner !== undefined) {
    const banner = lot.userBanner;
    if (!banner) return null;
    if (banner.state === 'ownedItems') return { kind: 'owned', count: banner.count ?? 0 };
    if (banner.state === 'donationsDone') return { kind: 'donated', count: banner.count ?? 0 };
    return { kind: banner.state };
  }
  if (isFixedPrice(lot)) {
    if (!ownsSome(lot, viewer)) return null;
    return { kind: lot.isDonation ? 'donated' : 'owned', count: viewer.owned ?? 0 };
  }
  const involved = lot.bidders.includes(me) || lot.winningUserId === me || lot.winnerUserId === me;
  if (!involved) return null;
  if (refreshing) return { kind: 'processing' };
  if (isLotClosed(lot, auctionStatus)) {
    if (lot.winnerUserId) return { kind: lot.winnerUserId === me ? 'winner' : 'lost' };
    if (lot.status === LotStatus.ClosedWon || lot.winningUserId) return { kind: 'processing' };
    return { kind: 'lost' };
  }
  return { kind: lot.winningUserId === me ? 'currentWinner' : 'currentLoser' };
}

/** A closed bidding lot whose winner is the user (spec 001 §4 code 5, "closed and won"). */
export function hasWon(lot: Lot, viewer: Viewer, auctionStatus: number): boolean {
  return (
    isLotClosed(lot, auctionStatus) && !isFixedPrice(lot) && userBannerOf(lot, viewer, auctionStatus)?.kind === 'winner'
  );
}

/** The extension explanation belongs to lots sold by bidding: a fixed-price purchase never extends a lot. */
export function showsExtensionExplanation(lot: Pick<Lot, 'type' | 'allowsTimeExtension'>): boolean {
  return lot.allowsTimeExtension && !isFixedPrice(lot);
}

/** Spec 001 §4: a maximum bid below the last bid is inactive and the user has lost the lead. */
export function isMaxBidBeaten(lot: Lot, maxBidCents: number | null): boolean {
  const last = toCents(lot.lastBid);
  return maxBidCents !== null && last !== null && lot.bidCount > 0 && maxBidCents < last;
}

export type SoldInfo = { kind: 'soldOut' } | { kind: 'sold'; count: number } | null;

/** Fixed-price lots: sold out when nothing remains, else how many sold. */
export function soldInfoOf(lot: Lot): SoldInfo {
  if (!isFixedPrice(lot)) return null;
  if (lot.remainingQuantity !== null && lot.remainingQuantity <= 0) return { kind: 'soldOut' };
  if (lot.soldQuantity > 0) return { kind: 'sold', count: lot.soldQuantity };
  return null;
}

/**
 * Spec 001 §4 time extension: a bid now extends the lot when extensions are allowed, the end is
 * within the window, the extended end stays within the auction's end, and the maximum is not used up.
 */
export function extensionApplies(lot: Lot, auctionEnd: string | null, now: number): boolean {
  if (!lot.allowsTimeExtension) return false;
  const end = Date.parse(lot.dateCompletedUtc);
  if (end - now > lot.minutesLeftBeforeAllowingExtension * MINUTE || end <= now) return false;
  if (auctionEnd && end + lot.extensionDurationInMinutes * MINUTE > Date.parse(auctionEnd)) return false;
  if (lot.initialDateCompleted) {
    const elapsedMinutes = (end - Date.parse(lot.initialDateCompleted)) / MINUTE;
    return elapsedMinutes < lot.extensionDurationMaximumMinutes;
  }
  return lot.extensionDurationMaximumMinutes > 0;
}

/** Latest possible close: initial end + one step + the maximum extension, less one minute and one second. */
export function maximumClosingTime(lot: Lot): number {
  return (
    Date.parse(lot.initialDateCompleted) +
    (lot.extensionDurationInMinutes + lot.extensionDurationMaximumMinutes) * MINUTE -
    61_000
  );
}

/** The countdown's other background: no further extension is possible. */
export function extensionExhausted(lot: Lot, auctionEnd: string | null): boolean {
  if (!lot.allowsTimeExtension) return false;
  const end = Date.parse(lot.dateCompletedUtc);
  const pastAuctionEnd = auctionEnd !== null && end + lot.extensionDurationInMinutes * MINUTE > Date.parse(auctionEnd);
  const used = (end - Date.parse(lot.initialDateCompleted)) / MINUTE;
  return pastAuctionEnd || used >= lot.extensionDurationMaximumMinutes;
}

/** Name in the page's language, else the first translation, else the spec's 'no-translations'. */
export function lotName(lot: Pick<Lot, 'translations'> & { name?: string }, locale: string): string | null {
  const inLocale = lot.translations.find((t) => t.languageCode === locale && t.name.trim() !== '');
  return inLocale?.name ?? lot.translations.find((t) => t.name.trim() !== '')?.name ?? null;
}

/**
 * Whether a lot as read shows what the answer to the user's own command said: the read model
 * follows the engine a moment later, so the lot read just after a bid may not show it yet. Bids
 * only grow in number (a removal is an operator's, followed by its own events) and the maximum
 * bid is the user's own.
 */
export function showsOwnStanding(lot: Pick<LotDetail, 'bidCount' | 'maxBid'>, standing: Standing): boolean {
  return lot.bidCount >= standing.bidCount && toCents(lot.maxBid) === toCents(standing.maxBid);
}
