import type { Db } from '@auction/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CAD_VIEW, type CurrencyView } from './convertedMoney.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * How the request's reader sees money: their preferred currency (one query per request,
     * whatever the number of amounts) and the configured CAD→USD rate. Anonymous readers see CAD.
     * Call it after `identify` or `authenticate`.
     */
    currencyOf(request: FastifyRequest): Promise<CurrencyView>;
  }
}

export interface CurrencyOptions {
  db: Db;
  cadToUsdRate: number;
}

export const currencyPlugin = fp<CurrencyOptions>(
  async (app: FastifyInstance, { db, cadToUsdRate }) => {
    app.decorate('currencyOf', async (request: FastifyRequest): Promise<CurrencyView> => {
      const userId = request.account?.id;
      if (!userId) return CAD_VIEW;
      const user = await db
        .selectFrom('users')
        .select('preferred_currency_code')
        .where('id', '=', userId)
        .executeTakeFirst();
      return user?.preferred_currency_code === 'USD' ? { currencyCode: 'USD', cadToUsdRate } : CAD_VIEW;
    });
  },
  { name: 'currency' },
);
