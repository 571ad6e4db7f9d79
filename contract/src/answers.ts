/**
 * The contracts of the calls whose answers the web app checks in development, as one module of
 * their own: the web app imports it lazily, so its first load carries neither these schemas nor zod.
 */

export { profile } from './account.ts';
export { auctionsContract } from './auctions.ts';
export { lotsContract } from './lots.ts';
