import fp from 'fastify-plugin';
import { currencyPlugin } from '../../currency/currencyPlugin.ts';

/** Converted amounts (CAD→USD) for readers whose preferred currency is USD. */
export default fp(async (app) => app.register(currencyPlugin, { cadToUsdRate: app.settings.cadToUsdRate }), {
  name: 'currency',
  dependencies: ['infrastructure'],
});
