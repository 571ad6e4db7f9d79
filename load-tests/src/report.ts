import type { LoadReport } from './runLoad.ts';

const show = (value: number | null, unit = '') => (value === null ? 'n/a' : `${value.toLocaleString('en')}${unit}`);

/** The report as the runner prints it: the issue's figures first, then what explains them. */
export function formatReport(r: LoadReport): string {
  const d = r.details;
  const lines = [
    `scenario ${r.scenario}: ${r.loadSeconds}s of load (duration ${r.durationSeconds}s), ${r.apiProcesses} API process(es)${r.hubProcesses ? ` + ${r.hubProcesses} hub-only` : ''}, target ${r.targetRate}/s`,
    `offeredBidsPerSecond   ${show(r.offeredBidsPerSecond)}`,
    `acceptedBidsPerSecond  ${show(r.acceptedBidsPerSecond)}`,
    `ackP50Ms / P95 / P99   ${show(r.ackP50Ms)} / ${show(r.ackP95Ms)} / ${show(r.ackP99Ms)}`,
    `watchers               ${show(r.watchers)}`,
    `propagationP50Ms / P99 ${show(r.propagationP50Ms)} / ${show(r.propagationP99Ms)}`,
    `closingLagP99Ms        ${show(r.closingLagP99Ms)}`,
    `errors5xx              ${show(r.errors5xx)}`,
    `lost                   ${show(r.lost)}`,
    `duplicated             ${show(r.duplicated)}`,
    `acceptedAfterEnd       ${show(r.acceptedAfterEnd)}`,
    `replayMismatches       ${show(r.replayMismatches)}`,
    '',
    `acknowledged ${show(d.acknowledged)} of ${show(d.arrivals)} arrivals (${show(d.answeredPerSecond)} answers/s, refusals included); dropped (too many in flight) ${show(d.droppedArrivals)}; network errors ${show(d.networkErrors)}; client sent late p99 ${show(d.lateSendP99Ms, ' ms')}`,
    `refused: ${
      Object.entries(d.refusals)
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ') || 'none'
    }`,
    `closing lag p50 ${show(d.closingLagP50Ms, ' ms')}, max ${show(d.closingLagMaxMs, ' ms')}; lots left open ${show(d.unclosedLots)}; events verified ${show(d.eventsVerified)}`,
    `propagation samples ${show(d.propagationSamples)} (bids × watchers); watcher disconnects ${show(d.watcherDisconnects)}; each watcher got ${show(d.watcherFrames)} event frames, ${show(d.watcherBytesPerSecond)} bytes/s (all watchers: ${show(Math.round((d.watcherBytesPerSecond * r.watchers) / 1e5) / 10)} MB/s)`,
    ...(d.messages
      ? [
          `messages (outbid, winner): ${show(d.messages.sentDuringLoad)} sent during the load, ${show(d.messages.sentAfterLoad)} after it (the last ${show(d.messages.lastSentSecondsAfterLoad, ' s')} after); workers CPU until then ${show(d.messages.workersCpuSecondsWithMessages, ' s')}`,
        ]
      : []),
    ...(d.reads
      ? [
          `reads: offered ${d.reads.offeredPerSecond}/s, answered ${d.reads.answeredPerSecond}/s, p50 ${show(d.reads.p50Ms)} ms, p99 ${show(d.reads.p99Ms)} ms`,
        ]
      : []),
    `CPU: machine ${show(d.cpu.machineBusyPercent, '%')} busy, load average ${d.cpu.loadAverage}; seconds by process: ${Object.entries(
      d.cpu.secondsByProcess,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `baselines: pgbench ${show(r.baselines.pgbenchInsertsPerSecond === null ? null : Math.round(r.baselines.pgbenchInsertsPerSecond))} inserts/s, bare Fastify ${show(r.baselines.bareFastifyRequestsPerSecond === null ? null : Math.round(r.baselines.bareFastifyRequestsPerSecond))} req/s; accepted bids / pgbench ${show(r.baselines.acceptedToPgbench)}, / bare Fastify ${show(r.baselines.acceptedToBareFastify)}`,
    ...d.examples.map((e) => `  ${e}`),
  ];
  return lines.join('\n');
}
