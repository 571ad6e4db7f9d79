import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { hubPlugin } from '../src/hub/hubPlugin.ts';
import websocket from '../src/plugins/external/websocket.ts';

/**
 * One hub process of the benchmark (forked by hub-bench.ts): a bare Fastify app with only the hub
 * and the app's websocket plugin.
 * Tells its port, then on request its CPU time and event-loop delay since the last `mark`.
 */
const redisUrl = process.env.BENCH_REDIS_URL as string;
const redisPrefix = process.env.BENCH_PREFIX as string;
const tickMs = Number(process.env.BENCH_TICK_MS ?? '100');

const app = Fastify({ logger: false });
await app.register(websocket);
await app.register(hubPlugin, { redisUrl, redisPrefix, tickMs });
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let cpuBase = process.cpuUsage();
let wallBase = performance.now();

process.on('message', async (message: { type: string }) => {
  if (message.type === 'mark') {
    cpuBase = process.cpuUsage();
    wallBase = performance.now();
    loopDelay.reset();
  } else if (message.type === 'stats') {
    const cpu = process.cpuUsage(cpuBase);
    process.send?.({
      type: 'stats',
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      wallSeconds: (performance.now() - wallBase) / 1000,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      rssMiB: process.memoryUsage().rss / 2 ** 20,
    });
  } else if (message.type === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.send?.({ type: 'listening', port: (app.server.address() as AddressInfo).port });
