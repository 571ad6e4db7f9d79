import { type LiveSales, liveSales } from '../../operator/liveSales.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live lots sold on stage: the list and the sale the operator records (docs/console.md "Stage"). */
    liveSales: LiveSales;
  }
}

export default servicePlugin(
  'liveSales',
  (app) => liveSales({ db: app.db, lotCommands: app.lotCommands, guests: app.guests, invoices: app.invoices }),
  { name: 'live-sales', dependencies: ['infrastructure', 'check-in', 'invoices'] },
);
