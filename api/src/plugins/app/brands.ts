import type { BrandAnswer } from '@auction/contract';
import fp from 'fastify-plugin';
import { brandAnswerFor, brandIdForHost } from '../../brands/brands.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The white-label brand of the host a request was made to (BRAND_HOSTS). */
    brands: { forHost(hostname: string): BrandAnswer };
  }
}

export default fp(
  async (app) => {
    const { brandHosts, brandAnalytics } = app.settings;
    app.decorate('brands', {
      forHost: (hostname: string) => brandAnswerFor(brandIdForHost(brandHosts, hostname), brandAnalytics),
    });
  },
  { name: 'brands', dependencies: ['infrastructure'] },
);
