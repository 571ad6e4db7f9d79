import { cardsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { paymentMethodDto } from '../../../payments/cardDto.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * The user's cards on file (spec 000 §3, §7): their Stripe customers, their cards with the state
 * each is in today, deleting one (refused while it is in use) and replacing one in every auction
 * that uses it.
 */
const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['cards'] });
  const { cardRepository: cards, cardsOnFile } = app;

  app.get(
    '/api/payment-informations',
    {
      schema: {
        summary: "The user's Stripe customers, one per payment configuration",
        ...cardsContract.paymentInformations,
      },
    },
    async (request) =>
      (await cards.paymentInformationsOf(accountOf(request).id)).map((row) => ({
        id: row.id,
        stripeInformation_Id: row.stripe_information_id,
        stripeInformationName: row.stripe_information_name,
      })),
  );

  app.get(
    '/api/payment-methods',
    {
      schema: {
        summary:
          "The user's cards: usable, declined, expired or refused (American Express), and whether each may be selected",
        ...cardsContract.paymentMethods,
      },
    },
    async (request) => {
      const today = new Date();
      return (await cards.cardsOf(accountOf(request).id)).map((row) => paymentMethodDto(row, today));
    },
  );

  app.delete(
    '/api/payment-methods/delete-payment-method/:id',
    {
      schema: {
        summary:
          'Delete a card (at Stripe too); 409 card_in_use_cannot_be_deleted while a leading bid, purchase or donation uses it',
        ...cardsContract.deletePaymentMethod,
      },
    },
    async (request) => {
      await cardsOnFile.remove(accountOf(request).id, request.params.id);
      return { success: true as const, message: 'card_deleted', messages: ['card_deleted'] };
    },
  );

  app.get(
    '/api/payment-methods/list-active-auction/:paymentMethodId',
    {
      schema: {
        summary: 'The auctions (not yet invoiced) a card is selected for',
        ...cardsContract.activeAuctionsOfCard,
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const card = await cards.cardOf(userId, request.params.paymentMethodId);
      if (!card) throw new HttpError(404, 'card_does_not_exist');
      const french = languageOf(request) === 'fr';
      return (await cards.activeAuctionsOfCard(userId, card.id)).map((row) => ({
        id: row.id,
        urlMagicLink: row.url_magic_link,
        name: (french ? (row.title_fr ?? row.title_en) : (row.title_en ?? row.title_fr)) ?? row.url_magic_link,
      }));
    },
  );

  app.post(
    '/api/payment-methods/replace-payment-method',
    {
      schema: {
        summary: 'Use another card (usable, not American Express) in every auction a card is selected for',
        ...cardsContract.replacePaymentMethod,
      },
    },
    async (request) => {
      const { sourcePaymentMethodId, replacingPaymentMethodId } = request.body;
      const auctionIds = await cardsOnFile.replace(
        accountOf(request).id,
        sourcePaymentMethodId,
        replacingPaymentMethodId,
      );
      return { success: true as const, message: 'card_replaced', messages: ['card_replaced'], auctionIds };
    },
  );
};

export default paymentMethodRoutes;
