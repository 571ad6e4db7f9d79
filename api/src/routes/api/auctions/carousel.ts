import { auctionsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../../i18n/language.ts';

/**
 * The carousel of other auctions on an auction's pages (spec 001 §2, shown when
 * showAuctionCarousel): the other current auctions (PreOpen and Active) of the same brand (the
 * organisation's company), the auction's own organisation first, then the soonest to end. An
 * auction whose carousel is off answers an empty list.
 */
const carouselRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auctionsRepository: auctions, authorization } = app;

  app.get(
    '/api/auctions/carousel/:id',
    {
      preHandler: app.identify,
      schema: {
        tags: ['auctions'],
        summary: 'Other current auctions of the same brand, for the auction’s carousel',
        ...auctionsContract.carousel,
      },
    },
    async (request) => {
      const viewerId = request.account?.id ?? null;
      const auction = await authorization.visibleAuction(await auctions.carouselAuction(request.params.id), viewerId, {
        hideArchived: true,
      });
      if (!auction.show_auction_carousel) return [];
      const language = languageOf(request);
      const others = await auctions.carouselCards(auction, viewerId, language);
      return others.map((a) => ({
        id: a.id,
        urlMagicLink: a.url_magic_link,
        status: a.status,
        titleShort: a.title_short ?? 'no-translations',
        organizationId: a.organization_id,
        organizationName: a.organization_name,
        dateOpen: a.date_open?.toISOString() ?? null,
        dateCompleted: a.date_completed?.toISOString() ?? null,
        banner: (language === 'en' ? a.banner_english : a.banner_french) ?? a.banner_english ?? a.banner_french,
        primaryColor: (a.colors as Record<string, string>).primaryColor ?? null,
      }));
    },
  );
};

export default carouselRoutes;
