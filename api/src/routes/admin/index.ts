import type { EventStore, LotCommandHandler } from '@auction/engine';
import type { AuctionLifecycleQueue, Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { OPERATOR_ROLES } from '../../accounts/roles.ts';
import { auctionScheduler } from '../../operator/auctionScheduler.ts';
import { operatorPublisher } from '../../operator/operatorPublisher.ts';
import { operatorAuctionPartRoutes } from './auctionParts.ts';
import { operatorAuctionRoutes } from './auctions.ts';
import { operatorLotRoutes } from './lots.ts';
import { operatorOrganizationRoutes } from './organizations.ts';

export interface OperatorRouteOptions {
  db: Db;
  redis: Redis;
  hubPrefix: string;
  lotCommands: LotCommandHandler;
  eventStore: EventStore;
  auctionLifecycle?: AuctionLifecycleQueue;
}

/**
 * The operator API under /api/admin (docs/operator-api.md): administrators and auction managers
 * only; which organisations each may touch is checked per call.
 */
export const operatorRoutes: FastifyPluginAsync<OperatorRouteOptions> = async (app, options) => {
  // On request, before the body is read and validated: a caller without an operator role learns nothing.
  app.addHook('onRequest', app.requireRoles(OPERATOR_ROLES));
  const publisher = operatorPublisher(options.redis, options.hubPrefix, app.log);
  const scheduler = auctionScheduler(options.auctionLifecycle);
  const { db, lotCommands, eventStore } = options;
  await app.register(operatorOrganizationRoutes, { db });
  await app.register(operatorAuctionRoutes, { db, publisher, scheduler });
  await app.register(operatorAuctionPartRoutes, { db, lotCommands });
  await app.register(operatorLotRoutes, { db, lotCommands, eventStore, publisher });
};
