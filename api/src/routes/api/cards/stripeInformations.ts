import { cardsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATOR_ROLES } from '../../../accounts/roles.ts';
import { languageOf } from '../../../i18n/language.ts';

/**
 * The Stripe-information dropdown (spec 000 §7): the payment configurations a company's auctions
 * may use, with their labels per language. For the operators configuring an auction.
 */
const stripeInformationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cardRepository: cards } = app;

  app.get(
    '/api/dropdowns/stripeinformations/:companyId',
    {
      onRequest: app.requireRoles(OPERATOR_ROLES),
      schema: {
        tags: ['cards'],
        summary: "A company's payment configurations, labelled in each language (operators)",
        ...cardsContract.stripeInformations,
      },
    },
    async (request) => {
      const language = languageOf(request);
      return (await cards.stripeInformationsOfCompany(request.params.companyId)).map((row) => {
        const labels = { en: row.translations.en ?? row.name, fr: row.translations.fr ?? row.name };
        return { value: row.id, text: labels[language], labels };
      });
    },
  );
};

export default stripeInformationRoutes;
