import fp from 'fastify-plugin';
import { type AuctionPartRepository, auctionPartRepository } from '../../operator/auctionPartRepository.ts';
import { type AuctionScheduler, auctionScheduler } from '../../operator/auctionScheduler.ts';
import { type OperatorAuctionRepository, operatorAuctionRepository } from '../../operator/operatorAuctionRepository.ts';
import { type OperatorLotRepository, operatorLotRepository } from '../../operator/operatorLotRepository.ts';
import { type OperatorPublisher, operatorPublisher } from '../../operator/operatorPublisher.ts';
import { type OperatorAccess, operatorAccess } from '../../operator/operatorScope.ts';
import { type OrganizationRepository, organizationRepository } from '../../operator/organizationRepository.ts';
import { type OrganizationTaxes, organizationTaxes } from '../../operator/organizationTaxes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which organisations and auctions the operator behind a request manages (404 beyond them). */
    operatorAccess: OperatorAccess;
    /** Hub events an operator's change causes that no engine event carries. */
    operatorPublisher: OperatorPublisher;
    /** Tells the workers an auction's status or dates changed. */
    auctionScheduler: AuctionScheduler;
    organizationRepository: OrganizationRepository;
    /** The taxes an organisation's invoices charge. */
    organizationTaxes: OrganizationTaxes;
    operatorAuctionRepository: OperatorAuctionRepository;
    auctionPartRepository: AuctionPartRepository;
    operatorLotRepository: OperatorLotRepository;
  }
}

/** The operator API's services and repositories (docs/operator-api.md), bound to the infrastructure once. */
export default fp(
  async (app) => {
    app.decorate('operatorAccess', operatorAccess(app.db));
    app.decorate('operatorPublisher', operatorPublisher(app.redis, app.settings.hub?.redisPrefix ?? '', app.log));
    app.decorate('auctionScheduler', auctionScheduler(app.auctionLifecycle));
    app.decorate('organizationRepository', organizationRepository(app.db));
    app.decorate('organizationTaxes', organizationTaxes(app.db));
    app.decorate('operatorAuctionRepository', operatorAuctionRepository(app.db));
    app.decorate('auctionPartRepository', auctionPartRepository(app.db));
    app.decorate('operatorLotRepository', operatorLotRepository(app.db));
  },
  { name: 'operator', dependencies: ['infrastructure'] },
);
