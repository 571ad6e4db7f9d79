import {
  addressDetails,
  addressDetailsParams,
  addressSuggestions,
  addressSuggestionsQuery,
  errorAnswers,
} from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressLookupUnavailable } from '../../../address/addressLookup.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * Registration needs the lookup before any login, so it is open, limited per client address: a
 * paid service's quota must not be spent by anyone who finds the URL.
 */
const limit = { rateLimit: { max: 60, timeWindow: 60_000 } };

async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AddressLookupUnavailable) throw new HttpError(503, 'address_lookup_unavailable');
    throw error;
  }
}

/** Spec 000 §2, §5: the address search of the registration and profile forms, Canada and the United States only. */
export default (async (app) => {
  documentRoutes(app, { tags: ['address lookup'] });

  app.get(
    '/api/addresses/suggestions',
    {
      config: limit,
      schema: {
        summary: 'Addresses matching what was typed (Canada and the United States)',
        querystring: addressSuggestionsQuery,
        response: { 200: addressSuggestions, ...errorAnswers(400, 429, 503) },
      },
    },
    async (request) => orUnavailable(app.addressLookup.suggest({ ...request.query, language: languageOf(request) })),
  );

  app.get(
    '/api/addresses/:id',
    {
      config: limit,
      schema: {
        summary: 'The chosen address, its province matched to the spec’s code (else 99)',
        params: addressDetailsParams,
        response: { 200: addressDetails, ...errorAnswers(404, 429, 503) },
      },
    },
    async (request) => {
      const found = await orUnavailable(app.addressLookup.details(request.params.id, languageOf(request)));
      if (!found) throw new HttpError(404, 'invalid_address');
      return found;
    },
  );
}) satisfies FastifyPluginAsyncZod;
