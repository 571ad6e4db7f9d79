import type { Socket } from 'node:net';
import { errorAnswers, hubPollAnswer, hubPollBody } from '@auction/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../../errors.ts';
import { identify, type TokenVersionCheck } from '../../../hub/hubIdentity.ts';
import { LONG_POLL_WAIT_MS } from '../../../hub/longPoll.ts';
import { ClientBudgets, POLL_SUBSCRIPTION_BUDGET } from '../../../hub/messageBudget.ts';

/** Registered by bidNotificationHub.ts beside the hub it serves, not by autoload. */
export const autoload = false;

/**
 * The hub's long-polling fallback (`POST /api/hub/poll`, docs/hub.md "Long polling") for networks
 * that block WebSockets: each poll subscribes to the auctions asked about from the client's
 * positions, over the same hub as the sockets, and answers what a socket would have received.
 * Anonymous clients may poll; a Bearer token is checked like the WebSocket's `access_token` (a bad
 * one is told `invalid_token` and polls anonymously), and private auctions answer `private_auction`.
 */
export default (async (root, options: { isTokenCurrent: TokenVersionCheck }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The socket's message budget, for polls: each auction a poll names is a subscribe (a query and a read).
  const budgets = new ClientBudgets(POLL_SUBSCRIPTION_BUDGET);
  app.post(
    '/api/hub/poll',
    {
      schema: {
        tags: ['hub'],
        summary: "The live hub's long-polling fallback: events since the client's positions, held up to 25 s",
        body: hubPollBody,
        response: { 200: hubPollAnswer, ...errorAnswers(429) },
      },
    },
    async (request) => {
      if (!budgets.take(request.ip, request.body.subscriptions.length)) throw new HttpError(429, 'too_many_requests');
      const identity = await identify(app, bearerTokenOf(request.headers.authorization), options.isTokenCurrent);
      // A client that goes away stops being watched at once instead of after the wait.
      const messages = await whileConnected(request.raw.socket, (gone) =>
        app.liveHub.poll(identity.userId, request.body.subscriptions, request.body.waitMs ?? LONG_POLL_WAIT_MS, gone),
      );
      return {
        messages: identity.invalidToken
          ? [{ type: 'error' as const, message: 'invalid_token' }, ...messages]
          : messages,
      };
    },
  );
}) satisfies FastifyPluginAsync<{ isTokenCurrent: TokenVersionCheck }>;

/**
 * Runs `work` with a signal aborted if the client's connection closes first. A kept-alive
 * connection carries poll after poll, so each poll's listener leaves with it: left behind, they
 * would pile up on the socket (Node warns past ten), each holding on to its finished poll.
 */
async function whileConnected<T>(socket: Socket, work: (gone: AbortSignal) => Promise<T>): Promise<T> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  socket.once('close', onClose);
  try {
    return await work(gone.signal);
  } finally {
    socket.off('close', onClose);
  }
}

function bearerTokenOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
