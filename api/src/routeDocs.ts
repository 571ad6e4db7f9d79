import type { FastifyInstance } from 'fastify';

/** The OpenAPI security requirement of an operation that needs the access token (the `bearer` scheme of plugins/external/swagger.ts). */
export const bearer = [{ bearer: [] }];

/** What a resource's operations are documented as: their tags, and whether they need the access token. */
export interface RouteDocs {
  tags?: string[];
  security?: typeof bearer;
}

/**
 * Documents every route registered after this call in the plugin (and in the plugins it registers,
 * so an autohooks file speaks for its folder) with `docs`, below what a route's schema states
 * itself. @fastify/swagger keeps each route's options as its onRoute hook receives them and reads
 * their schema only when the document is generated, after this later hook has filled it in.
 */
export function documentRoutes(app: FastifyInstance, docs: RouteDocs): void {
  app.addHook('onRoute', (route) => {
    if (route.schema) route.schema = { ...docs, ...route.schema };
  });
}
