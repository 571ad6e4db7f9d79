import { Role } from '@auction/contract';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../errors.ts';
import { fromThisMachine } from '../../outbox/outboxAccess.ts';

/**
 * The outbox holds reset links and codes, so it is served only to a request made on this machine
 * (the developer walking a recovery, the load runner) or to an administrator's bearer token;
 * anyone else gets 404, as if there were no page.
 */
export default (async (app) => {
  const requireAdministrator = app.requireRoles([Role.Administrator]);
  app.addHook('onRequest', async (request, reply) => {
    if (fromThisMachine(request, app.settings.trustProxy)) return;
    if (!request.headers.authorization) throw new HttpError(404, 'not_found');
    await requireAdministrator(request, reply);
  });
}) satisfies FastifyPluginAsync;
