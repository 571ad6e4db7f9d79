import type { FastifyPluginAsync } from 'fastify';
import { mayViewAuctionId } from '../../../authorization/auctionAccess.ts';
import { hubPlugin } from '../../../hub/hubPlugin.ts';

/**
 * The live hub (/api/BidNotificationHub, docs/hub.md), when the API has a Redis subscription for it:
 * a token is checked against its account at connect, and an auction is watched only by those who
 * may see it.
 */
export default (async (app) => {
  const hub = app.settings.hub;
  if (!hub) return;
  const { db, users } = app;
  await app.register(hubPlugin, {
    ...hub,
    isTokenCurrent: (userId, version) => users.isTokenCurrent(userId, version),
    mayWatch: (userId, auctionId) => mayViewAuctionId(db, auctionId, userId),
  });
}) satisfies FastifyPluginAsync;
