import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { LatencyHistogram } from './latencyHistogram.ts';

/**
 * A process of benchmark clients (forked by hub-bench.ts): opens its share of WebSocket clients,
 * subscribes them all to one auction, and for every event carrying a publish time records
 * publish-to-client latency of the events published from the `mark` on (after the warm-up).
 */
interface Start {
  type: 'start';
  urls: string[];
  count: number;
  auctionId: number;
}

const histogram = new LatencyHistogram();
const sockets: WebSocket[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const STAMP = '"publishedAt":';
let frames = 0;
let closedEarly = 0;
let cpuBase = process.cpuUsage();
/** Events published before the measured window (warm-up) are not counted. */
let measureFrom = Number.POSITIVE_INFINITY;

/**
 * The clients must cost as little as possible, or the benchmark measures them: instead of parsing
 * each frame, the publish times are read straight from the text.
 */
function onFrame(raw: Buffer): void {
  const now = performance.timeOrigin + performance.now();
  const text = raw.toString();
  if (!text.startsWith('{"type":"events"')) return;
  frames += 1;
  for (let at = text.indexOf(STAMP); at >= 0; at = text.indexOf(STAMP, at + STAMP.length)) {
    const publishedAt = Number.parseFloat(text.slice(at + STAMP.length, at + STAMP.length + 24));
    if (publishedAt >= measureFrom) histogram.record(now - publishedAt);
  }
}

function open(url: string, auctionId: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', auctionId })));
    socket.on('message', (raw) => {
      const text = raw.toString();
      if (text.startsWith('{"type":"subscribed"')) {
        socket.removeAllListeners('message');
        socket.on('message', (data) => onFrame(data as Buffer));
        socket.on('close', () => {
          closedEarly += 1;
        });
        resolve(socket);
      }
    });
  });
}

async function start({ urls, count, auctionId }: Start): Promise<void> {
  const CONCURRENT = 100;
  for (let first = 0; first < count; first += CONCURRENT) {
    const batch = Array.from({ length: Math.min(CONCURRENT, count - first) }, (_, i) =>
      open(urls[(first + i) % urls.length] as string, auctionId),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  process.send?.({ type: 'ready', connected: sockets.length });
}

process.on('message', (message: Start | { type: 'mark'; at: number } | { type: 'report' | 'stop' }) => {
  if (message.type === 'start') {
    start(message).catch((error: unknown) => {
      process.send?.({ type: 'failed', error: String(error) });
    });
  } else if (message.type === 'mark') {
    measureFrom = message.at;
    frames = 0;
    cpuBase = process.cpuUsage();
    loopDelay.enable();
  } else if (message.type === 'report') {
    const cpu = process.cpuUsage(cpuBase);
    process.send?.({
      type: 'report',
      histogram: histogram.data(),
      frames,
      closedEarly,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    });
  } else if (message.type === 'stop') {
    for (const socket of sockets) {
      socket.removeAllListeners('close');
      socket.terminate();
    }
    process.exit(0);
  }
});
