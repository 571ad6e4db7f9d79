import type { FastifyPluginAsync } from 'fastify';
import { mayViewAuctionId } from '../../../authorization/auctionAccess.ts';
import { hubPlugin } from '../../../hub/hubPlugin.ts';
import longPoll from './longPoll.ts';

/**
 * The live hub (/api/BidNotificationHub, docs/hub.md), when the API has a Redis subscription for it:
 * a token is checked against its account at connect, and an auction is watched only by those who
 * may see it. Its long-polling fallback (/api/hub/poll) serves the same hub.
 */
export default (async (app) => {
  const hub = app.settings.hub;
  if (!hub) return;
  const { db, users } = app;
  const isTokenCurrent = (userId: string, version: number) => users.isTokenCurrent(userId, version);
  await app.register(hubPlugin, {
    ...hub,
    isTokenCurrent,
    mayWatch: (userId, auctionId) => mayViewAuctionId(db, auctionId, userId),
  });
  await app.register(longPoll, { isTokenCurrent });
}) satisfies FastifyPluginAsync;
