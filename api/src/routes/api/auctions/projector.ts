import { closingMinute, Language } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOT_READS } from '../../../authorization/auctionAccess.ts';

/** Spec 001 §3 auction languages: 1 English, 2 French. */
const LANGUAGE_CODES: Record<number, 'en' | 'fr'> = { 1: Language.English, 2: Language.French };

/**
 * The projector's page (docs/console.md): what the venue's screen shows. It is the leaderboard's
 * kind of information, so it is as public as the leaderboard: anyone with the link on a public
 * auction; on a private one, those admitted to it and its organisation's staff.
 */
export default (async (app) => {
  app.get(
    '/api/auctions/:id/projector',
    {
      preHandler: app.identify,
      schema: {
        tags: ['auctions'],
        summary: "Funds raised against the goal, the lots closing next, the auction's languages",
        ...closingMinute.projectorPage,
      },
    },
    async (request) => {
      const reads = app.closingMinute;
      const auction = await app.authorization.visibleAuction(
        await reads.projectorAuction(request.params.id),
        request.account?.id ?? null,
        LOT_READS,
      );
      const now = new Date();
      const [titles, raised, closingNext] = await Promise.all([
        reads.titles(auction.id),
        reads.raised(auction.id),
        reads.projectorLots(auction.id, now),
      ]);
      const languages = [...new Set(auction.languages.map((code) => LANGUAGE_CODES[code]).filter((code) => !!code))];
      return {
        auctionId: auction.id,
        urlMagicLink: auction.url_magic_link,
        status: auction.status,
        languages: (languages.length ? languages : [Language.French, Language.English]) as Array<'en' | 'fr'>,
        titles,
        serverTime: now.toISOString(),
        goalCents: auction.fundraising_goal,
        raised,
        closingNext,
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
