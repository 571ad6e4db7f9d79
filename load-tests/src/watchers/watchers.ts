import type { ChildProcess } from 'node:child_process';
import { nextMessage, spawnNode } from '../processes.ts';
import { MillisecondHistogram } from '../stats.ts';

interface WatcherReport {
  frames: { bids: [number, number][]; arrivals: [number, number][] }[];
  connected: number;
  disconnects: number;
  samplers: number;
  samplerFrames: number;
  samplerBytes: number;
  cpuSeconds: number;
}

export interface WatchersResult {
  connected: number;
  disconnects: number;
  /** Watcher-bid pairs measured: each bid seen by each watcher is one sample. */
  samples: number;
  histogram: MillisecondHistogram;
  /** Frames with events and their bytes, as one watcher of one hub process received them. */
  framesPerWatcher: number;
  bytesPerWatcher: number;
  cpuSeconds: number;
}

export interface Watchers {
  readonly connected: number;
  /** Subscribes every watcher to the auction; answers how many the hub confirmed. */
  subscribe(auctionId: number): Promise<number>;
  /**
   * Closes every socket and measures propagation: for every bid a frame carried and every watcher
   * that received the frame, the arrival time minus the bid's server time (`bidTimes`, keyed
   * `lotId:priceCents`, which identifies a bid since a lot's accepted prices only rise).
   */
  stop(bidTimes: ReadonlyMap<string, number>): Promise<WatchersResult>;
}

/**
 * `count` WebSocket connections to the hub URLs, in `processes` child processes. They subscribe to
 * the auction only when told, once its lots exist, so creating the lots is not slowed by thousands
 * of watchers being sent each new lot.
 */
export async function startWatchers(options: {
  hubUrls: string[];
  count: number;
  processes: number;
}): Promise<Watchers> {
  const children: ChildProcess[] = [];
  let connected = 0;
  if (options.count > 0) {
    const processes = Math.min(options.processes, options.count);
    for (let i = 0; i < processes; i++)
      children.push(spawnNode(`watchers ${i + 1}`, 'load-tests/src/watchers/watcherProcess.ts', {}));
    const ready = await Promise.all(
      children.map((child, i) => {
        const count = Math.floor(options.count / processes) + (i < options.count % processes ? 1 : 0);
        const answer = nextMessage<{ connected: number }>(child, 'ready');
        child.send({ type: 'start', urls: options.hubUrls, count });
        return answer;
      }),
    );
    connected = ready.reduce((sum, r) => sum + r.connected, 0);
  }
  return {
    connected,
    async subscribe(auctionId) {
      const answers = await Promise.all(
        children.map((child) => {
          const answer = nextMessage<{ subscribed: number }>(child, 'subscribed');
          child.send({ type: 'subscribe', auctionId });
          return answer;
        }),
      );
      return answers.reduce((sum, a) => sum + a.subscribed, 0);
    },
    async stop(bidTimes) {
      const reports = await Promise.all(
        children.map((child) => {
          const report = nextMessage<WatcherReport>(child, 'report');
          child.send({ type: 'stop' });
          return report;
        }),
      );
      for (const child of children) child.disconnect();
      const histogram = new MillisecondHistogram();
      for (const report of reports) {
        for (const frame of report.frames) {
          const times = frame.bids
            .map(([lot, price]) => bidTimes.get(`${lot}:${price}`))
            .filter((t): t is number => t !== undefined);
          for (const [arrivedAt, watchers] of frame.arrivals) {
            for (const t of times) histogram.add(arrivedAt - t, watchers);
          }
        }
      }
      return {
        connected,
        disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
        samples: histogram.total,
        histogram,
        framesPerWatcher: perSampler(reports, (r) => r.samplerFrames),
        bytesPerWatcher: perSampler(reports, (r) => r.samplerBytes),
        cpuSeconds: reports.reduce((sum, r) => sum + r.cpuSeconds, 0),
      };
    },
  };
}

function perSampler(reports: WatcherReport[], value: (r: WatcherReport) => number): number {
  const samplers = reports.reduce((sum, r) => sum + r.samplers, 0);
  return samplers ? Math.round(reports.reduce((sum, r) => sum + value(r), 0) / samplers) : 0;
}
