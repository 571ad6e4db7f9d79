import fp from 'fastify-plugin';
import { securityHeaders } from '../../security/securityHeaders.ts';

/** @fastify/helmet with the product's Content-Security-Policy (security/securityHeaders.ts). */
export default fp(async (app) => app.register(securityHeaders, { publicUrl: app.settings.publicUrl }), {
  name: 'helmet',
  dependencies: ['infrastructure'],
});
