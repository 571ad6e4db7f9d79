import type { FastifyPluginAsync } from 'fastify';
import { BULL_BOARD_PATH, bullBoard } from '../../admin/bullBoard.ts';

/** bull-board at /admin/queues, for administrators (the folder's autohooks check every request). */
export default (async (app) => {
  const board = bullBoard(app.redis);
  app.addHook('onClose', async () => {
    await Promise.all(board.queues.map((queue) => queue.close()));
  });
  await app.register(board.plugin, { prefix: BULL_BOARD_PATH });
}) satisfies FastifyPluginAsync;
