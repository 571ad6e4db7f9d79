import { invoicesContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { languageOf } from '../../../i18n/language.ts';
import { invoiceSummaryDto } from '../../../invoices/invoiceDto.ts';
import { invoicePeriod } from '../../../invoices/invoicePeriod.ts';

/**
 * The invoice list (spec 000 §2 "Invoice list", §7): the caller's invoices in the chosen period,
 * newest first, searched by auction title, organisation or number. With `auctionId`, staff of
 * the auction's organisation list every invoice of that auction; anyone else their own in it.
 */
export default (async (app) => {
  app.get(
    '/api/account/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: "The caller's invoices in a period (time, yearsModifier), with their count and the years available",
        ...invoicesContract.list,
      },
    },
    async (request) => {
      const account = accountOf(request);
      const { time, yearsModifier, search, auctionId } = request.query;
      const { from, to } = invoicePeriod(time, yearsModifier, new Date());
      const staff = auctionId !== undefined && (await app.invoiceAccess.managesAuction(request, auctionId));
      const [rows, years] = await Promise.all([
        app.invoices.list({
          ...(staff ? {} : { bidderId: account.id }),
          ...(auctionId !== undefined ? { auctionId } : {}),
          from,
          to,
          ...(search ? { search } : {}),
        }),
        app.invoices.yearsOf(account.id),
      ]);
      const language = languageOf(request);
      return { count: rows.length, years, invoices: rows.map((row) => invoiceSummaryDto(row, language)) };
    },
  );
}) satisfies FastifyPluginAsyncZod;
