import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';

/** @fastify/jwt with the API's signing key: access tokens (authentication) and the hub's connect check. */
export default fp(async (app) => app.register(fastifyJwt, { secret: app.settings.jwtSecret }), {
  name: 'jwt',
  dependencies: ['infrastructure'],
});
