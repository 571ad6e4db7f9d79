import type { MessageId } from '../i18n/messages.ts';
import type { Locale } from '../i18n/routes.ts';
import { textIn } from '../i18n/textIn.ts';
import type { WireEvent } from './hubClient.ts';
import type { ToastKind } from './toasts.tsx';

export interface LiveMessage {
  kind: ToastKind;
  messageId: MessageId;
  values?: Record<string, string | number>;
  /** Longer than the kind's time, for a message written by a person that takes time to read. */
  durationMs?: number;
}

/** What the page knows about the user and the screen when an event arrives. */
export interface LiveContext {
  userId: string | null;
  /** The page's language: an organisers' message is shown in it when written in it. */
  locale: Locale;
  /** The lot whose detail is open, if any. */
  viewingLotId: number | null;
  /** Whether the user led this lot before the event. */
  wasLeading(lotId: number): boolean;
  isFavorite(lotId: number): boolean;
  /** Whether the user holds a maximum (automatic) bid on the lot. */
  hasMaxBid(lotId: number): boolean;
  /** Whether the user's own call just changed this lot (their own purchase is not news to them). */
  actedRecently(lotId: number): boolean;
}

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

/**
 * Spec 001 §8's live messages for one hub event (spec 001 §7), or null when the event is not news
 * for this user on this screen. Kinds follow spec 000 §9: a lost lead is a warning, the rest info.
 */
export function liveMessageFor(event: WireEvent, context: LiveContext): LiveMessage | null {
  const lotId = number(event.data.auctionLotItemId);
  const lotNumber = number(event.data.lotNumber ?? event.data.auctionLotItemNumber);
  const viewing = context.viewingLotId !== null && context.viewingLotId === lotId;
  switch (event.event) {
    case 'BidReceived': {
      if (event.data.isDelete === true) return viewing ? { kind: 'info', messageId: 'bid_has_been_deleted' } : null;
      const leader = (event.data.leaderUserId as string | null | undefined) ?? null;
      if (event.data.isCorrection === true) return correctionMessage(lotId, lotNumber, leader, viewing, context);
      if (context.userId && leader !== context.userId && context.wasLeading(lotId)) {
        // A maximum answering the bid the user just placed: their bid's answer says so (spec 001
        // §8, one counter-bid, one message), so the lead they held for a moment is not news.
        if (event.data.isAutoBid === true && context.actedRecently(lotId)) return null;
        if (context.hasMaxBid(lotId)) {
          return { kind: 'warning', messageId: 'lost_autobid_winning_bid_from_autobid', values: { lotNumber } };
        }
        return {
          kind: 'warning',
          messageId: context.isFavorite(lotId) ? 'lost_favorite_winning_bid' : 'lost_winning_bid',
          values: { lotNumber },
        };
      }
      if (viewing && leader !== context.userId && !context.actedRecently(lotId)) {
        return { kind: 'info', messageId: 'bid_has_been_done', values: { lotNumber } };
      }
      return null;
    }
    case 'MultiSaleQuantityAdjusted':
      if (!viewing || context.actedRecently(lotId)) return null;
      return { kind: 'info', messageId: 'item_has_been_bougth' };
    case 'AuctionLotItemClose':
      // A corrected stage sale was already told by its BidReceived: the lot closed long before.
      if (event.data.corrected === true) return null;
      return viewing || event.data.early === true
        ? { kind: 'info', messageId: 'item_has_been_closed', values: { lotNumber } }
        : null;
    case 'AuctionLotItemEndDateChanged':
      return viewing ? { kind: 'info', messageId: 'auction_lot_item_time_changed', values: { lotNumber } } : null;
    case 'AuctionLotItemCreated':
      return { kind: 'info', messageId: 'new_auction_lot_item_added' };
    case 'AuctionEndDateChanged':
      return { kind: 'info', messageId: 'auction_time_changed' };
    case 'AuctionEnded':
      return { kind: 'info', messageId: 'auction_ended' };
    case 'AuctionInvoiceGenerated':
      // Only someone signed in can have won: the invoice list is theirs to open.
      return context.userId ? { kind: 'info', messageId: 'auction_invoices_ready' } : null;
    case 'AuctionStarted':
      return { kind: 'info', messageId: 'auction_starting_now' };
    case 'AuctionPreOpen':
      return { kind: 'info', messageId: 'auction_pre_open_now' };
    case 'AuctionAnnouncement': {
      const text = textIn((event.data.message ?? {}) as Partial<Record<Locale, string>>, context.locale);
      return text ? { kind: 'info', messageId: 'auction_announcement', values: { text }, durationMs: 20_000 } : null;
    }
    default:
      return null;
  }
}

/**
 * A sale on stage corrected by the organisers (a misread paddle or price): the bidder it now
 * stands at is told it is theirs, the one it was wrongly recorded on that it is not, and anyone
 * on the lot's page that it changed. Their emails give the details.
 */
function correctionMessage(
  lotId: number,
  lotNumber: number,
  leader: string | null,
  viewing: boolean,
  context: LiveContext,
): LiveMessage | null {
  if (context.userId && leader === context.userId) {
    return { kind: 'success', messageId: 'live_sale_corrected_won', values: { lotNumber } };
  }
  if (context.userId && context.wasLeading(lotId)) {
    return { kind: 'warning', messageId: 'live_sale_corrected_lost', values: { lotNumber } };
  }
  return viewing ? { kind: 'info', messageId: 'live_sale_corrected', values: { lotNumber } } : null;
}

/** Events that change the auction itself (status, dates, card rule), not only its lots. */
export const auctionLevelEvents = new Set([
  // Refreshes the organisers' message under the banner (its query sits under the auction's detail).
  'AuctionAnnouncement',
  'AuctionEndDateChanged',
  'AuctionEnded',
  // Completed → InvoiceGenerated (spec 001: "status changes come through live events").
  'AuctionInvoiceGenerated',
  'AuctionStarted',
  'AuctionPreOpen',
  'AuctionRequireCCToBidChanged',
  'AuctionClosingGroupClose',
  'AuctionClosingGroupClosingSoon',
  'AuctionClosingGroupEndDateChanged',
]);

/** Events after which the user's invoices may have changed: their list and details are read again. */
export const invoiceRefreshEvents = new Set(['AuctionInvoiceGenerated']);

/** Spec 001 §7: the home carousel of other auctions refreshes when a lot closes or its end moves. */
export const carouselRefreshEvents = new Set(['AuctionLotItemClose', 'AuctionLotItemEndDateChanged']);
