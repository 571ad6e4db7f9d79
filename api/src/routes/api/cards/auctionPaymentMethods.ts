import { cardsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { auctionPaymentMethodDto } from '../../../payments/cardDto.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * The card selected per auction (spec 000 §3 "Auction payment method", §7): listed, chosen (POST),
 * changed (PUT, with the selection's id). Only a usable card of the auction's payment
 * configuration may be selected; an auction's single usable card is selected when none is.
 */
const auctionPaymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['cards'] });
  const { cardsOnFile } = app;

  app.get(
    '/api/auction-payment-methods',
    {
      schema: {
        summary: "The user's selected cards, or one auction's (its single usable card selected when none is)",
        ...cardsContract.auctionPaymentMethods,
      },
    },
    async (request) =>
      (await cardsOnFile.selections(accountOf(request).id, request.query.auctionId)).map(auctionPaymentMethodDto),
  );

  app.post(
    '/api/auction-payment-methods',
    {
      schema: {
        summary: 'Select the card to use in an auction (amex_not_accepted, card_declined_or_expired refused)',
        ...cardsContract.selectAuctionPaymentMethod,
      },
    },
    async (request) => auctionPaymentMethodDto(await cardsOnFile.select(accountOf(request).id, request.body)),
  );

  app.put(
    '/api/auction-payment-methods',
    {
      schema: {
        summary: 'Change the card selected for an auction',
        ...cardsContract.updateAuctionPaymentMethod,
      },
    },
    async (request) => auctionPaymentMethodDto(await cardsOnFile.select(accountOf(request).id, request.body)),
  );
};

export default auctionPaymentMethodRoutes;
