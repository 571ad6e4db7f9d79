import { AuctionStatus, type BiddingContext } from '@auction/contract';

/** An auction's row (as the lot reads and the bid path select it) in the shape the rules read. */
export function biddingAuction(row: {
  url_magic_link: string;
  status: number;
  allow_anonymous_bidding: boolean;
  require_cc_to_bid: boolean;
  require_address_to_bid: boolean;
  visible?: boolean;
}): BiddingContext['auction'] {
  return {
    urlMagicLink: row.url_magic_link,
    isActive: row.status === AuctionStatus.Active,
    allowAnonymousBidding: row.allow_anonymous_bidding,
    requireCCToBid: row.require_cc_to_bid,
    requireAddressToBid: row.require_address_to_bid,
    ...(row.visible === undefined ? {} : { visible: row.visible }),
  };
}
