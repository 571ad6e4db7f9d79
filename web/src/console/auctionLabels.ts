import { AuctionStatus, type operator } from '@auction/contract';
import type { MessageId } from '../i18n/messages.ts';
import type { Locale } from '../i18n/routes.ts';

const STATUS_KEYS: Record<number, MessageId> = {
  [AuctionStatus.Planning]: 'auction.status.planning',
  [AuctionStatus.PreOpen]: 'auction.status.preOpen',
  [AuctionStatus.Active]: 'auction.status.active',
  [AuctionStatus.Completed]: 'auction.status.completed',
  [AuctionStatus.InvoiceGenerated]: 'auction.status.invoiceGenerated',
  [AuctionStatus.Archived]: 'auction.status.archived',
};

/** The catalog key of an auction status's name. */
export function auctionStatusKey(status: number): MessageId {
  return STATUS_KEYS[status] ?? 'auction.status.planning';
}

/** The auction's title in the page's language, else the other one. */
export function titleOf(auction: operator.OperatorAuction, locale: Locale): string {
  const own = auction.translations.find((t) => t.languageCode === locale)?.titleShort;
  return own || auction.translations[0]?.titleShort || auction.urlMagicLink;
}
