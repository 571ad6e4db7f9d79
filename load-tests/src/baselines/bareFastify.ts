import { ApiClient } from '../http.ts';
import { nextMessage, spawnNode } from '../processes.ts';

/**
 * Requests per second a bare Fastify process answers on this machine, driven by the runner's own
 * client (same undici pool, same connection count) in a closed loop: the ceiling any API route
 * could reach here, to compare the bid route's throughput with.
 */
export async function bareFastifyRequestsPerSecond(seconds: number, connections = 64): Promise<number> {
  const child = spawnNode('bare fastify', 'load-tests/src/baselines/bareFastifyServer.ts', {});
  try {
    const { port } = await nextMessage<{ port: number }>(child, 'listening');
    const client = new ApiClient([`http://127.0.0.1:${port}`], connections);
    const deadline = performance.now() + seconds * 1000;
    let answered = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const answer = await client.request('GET', '/ping');
          if (answer.status === 200) answered++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await client.close();
    return answered / elapsed;
  } finally {
    child.disconnect();
  }
}
