import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CAD_VIEW, type CurrencyView } from './convertedMoney.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * How the request's reader sees money: their preferred currency (read with their account by
     * `identify` or `authenticate`, so call it after one of them) and the configured CAD→USD rate.
     * Anonymous readers see CAD.
     */
    currencyOf(request: FastifyRequest): CurrencyView;
  }
}

export interface CurrencyOptions {
  cadToUsdRate: number;
}

export const currencyPlugin = fp<CurrencyOptions>(
  async (app: FastifyInstance, { cadToUsdRate }) => {
    app.decorate(
      'currencyOf',
      (request: FastifyRequest): CurrencyView =>
        request.account?.preferredCurrencyCode === 'USD' ? { currencyCode: 'USD', cadToUsdRate } : CAD_VIEW,
    );
  },
  { name: 'currency' },
);
