import { myBidsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { CAD_VIEW, moneyIn } from '../../../currency/convertedMoney.ts';
import { languageOf } from '../../../i18n/language.ts';
import { lotItemDto, nameOf } from '../../../lots/lotItemDto.ts';
import { myBidStanding } from '../../../lots/myBidStanding.ts';
import { bearer } from '../../../routeDocs.ts';

/**
 * "My bids" (issue 17): the signed-in user's own bids in an auction, one row per lot with their
 * highest bid and where they stand. The user is the token's: there is no user id to pass, so no
 * one can list another bidder's bids. Hidden lots stay out, as in every bidder list.
 */
const myBidsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lotsRepository: lots, auctionsRepository: auctions, authorization } = app;

  app.get(
    '/api/account/bids',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bids'],
        security: bearer,
        summary: "The signed-in user's bids in an auction: each lot bid on, their highest bid and their standing",
        ...myBidsContract.list,
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const auction = await authorization.visibleAuction(await auctions.findRef(request.query.urlMagicLink), userId);
      const now = new Date();
      const language = languageOf(request);
      const rows = await lots.bidLots(auction.id, userId);
      return rows
        .filter((row) => !(row.is_hidden ?? row.configured_hidden))
        .map((row) => {
          const lot = { ...lotItemDto(row, now, userId), name: nameOf(row, language) };
          return {
            lot,
            myAmount: moneyIn(CAD_VIEW, Number(row.my_amount)),
            standing: myBidStanding(
              { status: lot.status, leaderId: row.leader_id ?? null, winnerId: row.winner_id ?? null },
              userId,
            ),
          };
        });
    },
  );
};

export default myBidsRoutes;
