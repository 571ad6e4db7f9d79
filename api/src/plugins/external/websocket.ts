import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';

/** Closes a route's sockets its own way at shutdown (the hub's 1001 goodbye); resolves once they are answered or cut. */
export type WebsocketGoodbye = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `goodbye` at shutdown before the remaining sockets get the plugin's default close. A
     * route's own preClose hook would come too late: Fastify runs the root's preClose hooks (this
     * plugin's among them) before those of the route's context.
     */
    onWebsocketsClosing(goodbye: WebsocketGoodbye): void;
  }
}

/** Client messages are a few dozen bytes (the hub's subscribe and unsubscribe); anything large is not one of ours. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * @fastify/websocket for the whole app. Not encapsulated, on purpose: its hooks must see every
 * route, or an upgrade request to any other path is answered 404 and its socket is never released,
 * which also keeps app.close() waiting forever.
 */
export default fp(
  async (app) => {
    const goodbyes: WebsocketGoodbye[] = [];
    app.decorate('onWebsocketsClosing', (goodbye: WebsocketGoodbye) => {
      goodbyes.push(goodbye);
    });
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, closeTimeout: 5_000 },
      // The routes' own goodbyes first (the hub's sockets get 1001, reconnect elsewhere, and a grace
      // period); any socket still open then gets the plugin's default close.
      preClose(done) {
        const server = this.websocketServer;
        Promise.allSettled(goodbyes.map((goodbye) => goodbye()))
          .then((results) => {
            for (const result of results) {
              if (result.status === 'rejected')
                app.log.error({ err: result.reason }, 'websocket: closing sockets failed');
            }
          })
          .finally(() => {
            for (const client of server.clients) client.close();
            server.close();
            done();
          });
      },
    });
  },
  { name: 'websocket', fastify: '5.x' },
);
