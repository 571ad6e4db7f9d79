import type { FastifyPluginAsync } from 'fastify';
import { isTokenCurrent } from '../../../accounts/userRepository.ts';
import { mayViewAuctionId } from '../../../authorization/auctionAccess.ts';
import { hubPlugin } from '../../../hub/hubPlugin.ts';

/** The live hub (/api/BidNotificationHub), when the API has a Redis subscription for it. */
export default (async (app) => {
  const hub = app.settings.hub;
  if (!hub) return;
  const { db } = app;
  await app.register(hubPlugin, {
    ...hub,
    isTokenCurrent: (userId, version) => isTokenCurrent(db, userId, version),
    mayWatch: (userId, auctionId) => mayViewAuctionId(db, auctionId, userId),
  });
}) satisfies FastifyPluginAsync;
