import fp from 'fastify-plugin';
import { type AuctionExports, auctionExports } from '../../bulk/auctionExports.ts';
import { type LotImport, lotImport } from '../../bulk/lotImport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lots imported from a CSV file, with the preview of every row's problems (docs/console.md "Bulk"). */
    lotImport: LotImport;
    /** The auction's CSV exports (docs/console.md "Bulk"). */
    auctionExports: AuctionExports;
  }
}

export default fp(
  async (app) => {
    app.decorate('lotImport', lotImport({ db: app.db, lots: app.operatorLotRepository, lotCommands: app.lotCommands }));
    app.decorate('auctionExports', auctionExports(app.db));
  },
  { name: 'bulk', dependencies: ['infrastructure', 'operator'] },
);
