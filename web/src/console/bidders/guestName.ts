import type { AuctionBidder } from '@auction/contract';

/** How the console names a guest: first and last name, else the nickname they bid under. */
export const guestName = (guest: AuctionBidder) => `${guest.firstName} ${guest.lastName}`.trim() || guest.nickName;
