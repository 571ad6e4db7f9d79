import WebSocket, { type RawData } from 'ws';

/**
 * A child process holding WebSocket watchers of one auction (run by `watchers.ts`, which sends
 * `start` to connect them, `subscribe` once the auction's lots exist, and later `stop`). Every watcher notes when each `events` frame arrives; the frame is
 * recognised by its first event id, found without parsing the frame. One watcher per hub URL (the
 * sampler) parses every frame fully and records which bids it carried: the hub writes the same
 * frame to every watcher of a process, so the parent can turn each arrival into one propagation
 * sample per bid without thousands of sockets parsing the same JSON.
 */
interface Start {
  type: 'start';
  urls: string[];
  count: number;
}

/** What one frame carried, from the sampler: `[lotId, priceCents]` per BidReceived. */
interface FrameRecord {
  bids: [number, number][];
  /** Arrival times (epoch ms, whole) → number of watchers. */
  arrivals: Map<number, number>;
}

const frames = new Map<string, FrameRecord>();
const sockets: WebSocket[] = [];
let disconnects = 0;
/** What the samplers received: the size of the stream each watcher of their hub receives. */
let samplerFrames = 0;
let samplerBytes = 0;
let connected = 0;
let stopping = false;
let urlCount = 0;
const wallClock = () => Math.round(performance.timeOrigin + performance.now());
const EVENTS_PREFIX = Buffer.from('{"type":"events"');
const ID_MARK = Buffer.from('"id":"');

function frameOf(key: string): FrameRecord {
  let frame = frames.get(key);
  if (!frame) {
    frame = { bids: [], arrivals: new Map() };
    frames.set(key, frame);
  }
  return frame;
}

function firstEventId(data: Buffer): string | null {
  if (data.compare(EVENTS_PREFIX, 0, EVENTS_PREFIX.length, 0, EVENTS_PREFIX.length) !== 0) return null;
  const at = data.indexOf(ID_MARK);
  if (at < 0) return null;
  const start = at + ID_MARK.length;
  return data.toString('latin1', start, data.indexOf(0x22, start));
}

let subscribed = 0;
let onAllSubscribed: (() => void) | null = null;
const SUBSCRIBED_PREFIX = Buffer.from('{"type":"subscribed"');

function watch(url: string, urlIndex: number, sampler: boolean): Promise<void> {
  return new Promise((resolveOpen, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(socket);
    socket.once('open', () => {
      connected++;
      resolveOpen();
    });
    socket.once('error', reject);
    socket.on('message', (raw: RawData) => {
      const at = wallClock();
      const data = raw as Buffer;
      const id = firstEventId(data);
      if (id === null) {
        if (data.compare(SUBSCRIBED_PREFIX, 0, SUBSCRIBED_PREFIX.length, 0, SUBSCRIBED_PREFIX.length) === 0) {
          subscribed++;
          if (subscribed === sockets.length) onAllSubscribed?.();
        }
        return;
      }
      const frame = frameOf(`${urlIndex}|${id}`);
      frame.arrivals.set(at, (frame.arrivals.get(at) ?? 0) + 1);
      if (!sampler) return;
      samplerFrames++;
      samplerBytes += data.length;
      const message = JSON.parse(data.toString()) as { events: { event: string; data: Record<string, unknown> }[] };
      for (const event of message.events) {
        if (event.event !== 'BidReceived' || event.data.isDelete) continue;
        const price = event.data.price as { value: number } | null;
        if (price) frame.bids.push([Number(event.data.auctionLotItemId), Math.round(price.value * 100)]);
      }
    });
    socket.once('close', () => {
      if (!stopping) disconnects++;
    });
  });
}

async function start({ urls, count }: Start): Promise<void> {
  urlCount = urls.length;
  // Samplers first, one per hub URL, then the rest spread over the URLs; a few at a time, as browsers arrive.
  await Promise.all(urls.map((url, i) => watch(url, i, true)));
  const rest = Math.max(0, count - urls.length);
  for (let i = 0; i < rest; i += 100) {
    const batch = Math.min(100, rest - i);
    await Promise.all(
      Array.from({ length: batch }, (_, j) => {
        const index = (i + j) % urls.length;
        return watch(urls[index] as string, index, false);
      }),
    );
  }
}

/** Every socket subscribes to the auction; resolves once the hub has confirmed them all (or after 30 s). */
function subscribe(auctionId: number): Promise<number> {
  const message = JSON.stringify({ type: 'subscribe', auctionId });
  return new Promise((resolveAll) => {
    const timer = setTimeout(() => resolveAll(subscribed), 30_000);
    onAllSubscribed = () => {
      clearTimeout(timer);
      resolveAll(subscribed);
    };
    for (const socket of sockets) socket.send(message);
  });
}

function stop() {
  stopping = true;
  for (const socket of sockets) socket.terminate();
  const report = [...frames.values()]
    .filter((frame) => frame.bids.length > 0)
    .map((frame) => ({ bids: frame.bids, arrivals: [...frame.arrivals.entries()] }));
  const cpu = process.cpuUsage();
  process.send?.({
    type: 'report',
    frames: report,
    connected,
    disconnects,
    samplers: urlCount,
    samplerFrames,
    samplerBytes,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  });
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'start') {
    start(message as Start).then(
      () => process.send?.({ type: 'ready', connected }),
      (error: unknown) => process.send?.({ type: 'failed', error: String(error) }),
    );
  } else if (message.type === 'subscribe') {
    void subscribe((message as { type: string; auctionId: number }).auctionId).then((n) =>
      process.send?.({ type: 'subscribed', subscribed: n }),
    );
  } else if (message.type === 'stop') stop();
});
process.on('disconnect', () => process.exit(0));
