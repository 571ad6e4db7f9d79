import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { runArrivals } from './arrivalLoop.ts';
import { bareFastifyRequestsPerSecond } from './baselines/bareFastify.ts';
import { pgbenchInsertsPerSecond } from './baselines/pgbench.ts';
import { BidDriver } from './bidDriver.ts';
import { BrowseDriver } from './browseDriver.ts';
import { machineCpu, processCpuSeconds, processTreeCpuSeconds } from './cpu.ts';
import { type MonotonicWindow, monotonicMicros } from './cpuProfile.ts';
import { ApiClient } from './http.ts';
import { type LatencyBand, latencyBands, latencyChart } from './latencyChart.ts';
import { sentMessages, waitForMessagesDrained } from './messageBacklog.ts';
import type { LoadOptions } from './options.ts';
import { auctionEndFor, planScenario } from './scenarios.ts';
import { createAuction, createLots, operatorToken, registerBidders } from './setup.ts';
import { type Stack, startStack } from './stack.ts';
import { percentile, round1, sortedCopy } from './stats.ts';
import { type Verification, verifyRun, waitForCloses } from './verify.ts';
import { startWatchers, type WatchersResult } from './watchers/watchers.ts';

export interface LoadReport {
  scenario: string;
  durationSeconds: number;
  loadSeconds: number;
  apiProcesses: number;
  hubProcesses: number;
  targetRate: number;
  outbidEmails: boolean;
  offeredBidsPerSecond: number;
  acceptedBidsPerSecond: number;
  ackP50Ms: number | null;
  ackP95Ms: number | null;
  ackP99Ms: number | null;
  watchers: number;
  propagationP50Ms: number | null;
  propagationP99Ms: number | null;
  closingLagP99Ms: number | null;
  errors5xx: number;
  lost: number | null;
  duplicated: number | null;
  acceptedAfterEnd: number | null;
  replayMismatches: number | null;
  details: {
    arrivals: number;
    droppedArrivals: number;
    networkErrors: number;
    refusals: Record<string, number>;
    lateSendP99Ms: number;
    acknowledged: number;
    /** Bid answers per second, refusals included. */
    answeredPerSecond: number;
    watcherDisconnects: number;
    /** What one watcher received during the run: event frames, and bytes per second. */
    watcherFrames: number;
    watcherBytesPerSecond: number;
    propagationSamples: number;
    closingLagP50Ms: number | null;
    closingLagMaxMs: number | null;
    unclosedLots: number | null;
    eventsVerified: number | null;
    reads: { offeredPerSecond: number; answeredPerSecond: number; p50Ms: number | null; p99Ms: number | null } | null;
    /** The machine's busy share during the load, its 1-minute load average at the end (other work shows here). */
    cpu: { machineBusyPercent: number | null; loadAverage: number; secondsByProcess: Record<string, number> };
    /** The bids' messages: how many went out during the load and after it, and what the workers spent in all. */
    messages: MessageFigures | null;
    /** Ack latency by offered rate (the chart's points). */
    latencyByRate: LatencyBand[];
    /** The load's span on the monotonic clock, to cut CPU profiles to it. */
    loadWindow: MonotonicWindow;
    examples: string[];
  };
  baselines: {
    pgbenchInsertsPerSecond: number | null;
    bareFastifyRequestsPerSecond: number | null;
    acceptedToPgbench: number | null;
    acceptedToBareFastify: number | null;
  };
  /** Why the run failed its verification; empty when it passed. */
  failures: string[];
}

/** Messages sent because of the load's bids (outbid and winner notices). */
export interface MessageFigures {
  sentDuringLoad: number;
  /** Sent after the load, until none went out for 3 s (or `--message-drain-seconds` passed). */
  sentAfterLoad: number;
  lastSentSecondsAfterLoad: number;
  /** The workers' CPU (message workers included) from the load's start until the last message went out (the runner's own stack only). */
  workersCpuSecondsWithMessages: number | null;
}

const round = (n: number) => Math.round(n);
const ratio = (a: number, b: number | null) => (b ? Math.round((a / b) * 1000) / 1000 : null);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One load run: the stack (started here unless targets are given), the baselines on the idle
 * machine, the scenario's auction and bidders, the load with its watchers, then the verification.
 */
export async function runLoad(options: LoadOptions, log: (line: string) => void): Promise<LoadReport> {
  let stack: Stack | null = null;
  if (options.targets.length === 0) {
    stack = await startStack({
      apiProcesses: options.apiProcesses,
      hubProcesses: options.hubProcesses,
      databaseUrl: options.databaseUrl,
      redisUrl: options.redisUrl,
      profileDir: options.profileDir,
      messageWorkers: options.messageWorkers,
      log,
    });
  }
  const apiUrls = stack?.apiUrls ?? options.targets;
  const databaseUrl = stack?.databaseUrl ?? options.databaseUrl;
  const client = new ApiClient(apiUrls, 64);
  try {
    const baselines = {
      pgbenchInsertsPerSecond: null as number | null,
      bareFastifyRequestsPerSecond: null as number | null,
    };
    if (options.baselines) {
      if (databaseUrl) {
        log(`baseline: pgbench single-row inserts for ${options.baselineSeconds}s…`);
        baselines.pgbenchInsertsPerSecond = await pgbenchInsertsPerSecond(databaseUrl, options.baselineSeconds);
      }
      log(`baseline: bare Fastify JSON endpoint for ${options.baselineSeconds}s…`);
      baselines.bareFastifyRequestsPerSecond = await bareFastifyRequestsPerSecond(options.baselineSeconds);
    }
    const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const token = await operatorToken(client, options.adminUser, options.adminPassword);
    const bidders = await registerBidders(
      client,
      runId,
      options.scenario === 'browse' ? 1 : options.bidders,
      options.outbidEmails,
      log,
    );

    const auction = await createAuction(client, token, runId, auctionEndFor(options, Date.now()));
    const hubUrls = (stack?.hubUrls ?? apiUrls).map((url) => `${url.replace(/^http/, 'ws')}/api/BidNotificationHub`);
    const watchers = await startWatchers({ hubUrls, count: options.watchers, processes: options.watcherProcesses });
    if (options.watchers) log(`${watchers.connected} watchers connected`);
    // The load starts once the lots exist and the watchers watch; the lots' ends are planned from then.
    const t0 = Date.now() + 3000 + options.lots * 20 + options.watchers / 2;
    const plan = planScenario(options, t0);
    const lots = await createLots(client, token, runId, auction.id, plan.auction);
    log(`auction ${auction.id} (${auction.urlMagicLink}) with ${lots.length} lots`);
    if (options.watchers) log(`${await watchers.subscribe(auction.id)} watchers subscribed to the auction`);
    const wait = t0 - Date.now();
    if (wait > 0) await sleep(wait);
    else log(`setup overran the plan by ${(-wait / 1000).toFixed(1)}s: the lots' first ends come that much sooner`);

    const messagesBefore = databaseUrl && plan.bids ? await sentMessages(databaseUrl) : null;
    const cpuBefore = cpuSnapshot(stack);
    const loadStartUs = monotonicMicros();
    const bidding = new BidDriver(
      client,
      runId,
      lots,
      bidders,
      plan.auction.startingBidCents,
      plan.auction.incrementCents,
    );
    const browsing = new BrowseDriver(
      client,
      auction.urlMagicLink,
      lots.map((l) => l.id),
    );
    log(`load: ${options.scenario}, ${options.rate}/s after a ${plan.schedule.rampSeconds}s ramp`);
    const loop = await runArrivals({
      schedule: plan.schedule,
      maxInFlight: options.maxInFlight,
      done: (t) =>
        t >= plan.maxLoadSeconds ||
        (t >= options.durationSeconds && (!plan.closes || bidding.latestOpenEnd() === null)),
      fire: (n, t) => (plan.bids ? bidding.bid(n, t) : browsing.read(n)),
      arrived: (t) => bidding.offered(t),
    });
    const cpuAfter = cpuSnapshot(stack);
    const loadWindow = { startUs: loadStartUs, endUs: monotonicMicros() };
    const loadEndedAt = Date.now();
    const messagesAtLoadEnd = databaseUrl && messagesBefore !== null ? await sentMessages(databaseUrl) : null;
    log(`load done after ${loop.seconds.toFixed(1)}s`);

    const lotIds = lots.map((l) => l.id);
    if (plan.closes && databaseUrl) await waitForCloses(databaseUrl, lotIds, Date.now() + 20_000, log);
    await sleep(1000);
    const watched = await watchers.stop(bidding.bidTimes);

    let verification: Verification | null = null;
    if (databaseUrl) {
      verification = await verifyRun({
        databaseUrl,
        lotIds,
        acknowledged: bidding.acknowledged,
        closesExpected: plan.closes,
        log,
      });
    }
    let messages: MessageFigures | null = null;
    if (databaseUrl && messagesBefore !== null && messagesAtLoadEnd !== null) {
      log('waiting for the outbid and winner messages to go out…');
      const drained = await waitForMessagesDrained(databaseUrl, Date.now() + options.messageDrainSeconds * 1000);
      const cpuDrained = cpuSnapshot(stack);
      // The workers process and the message workers of their own, if any.
      const workersSeconds = (s: CpuSnapshot) =>
        [...s.processes].reduce(
          (sum, [name, seconds]) => (/^(workers|messages \d+)$/.test(name) ? sum + seconds : sum),
          0,
        );
      messages = {
        sentDuringLoad: messagesAtLoadEnd - messagesBefore,
        sentAfterLoad: drained.sent - messagesAtLoadEnd,
        lastSentSecondsAfterLoad: round1(Math.max(0, drained.lastSentAt - loadEndedAt) / 1000) ?? 0,
        workersCpuSecondsWithMessages: stack ? round1(workersSeconds(cpuDrained) - workersSeconds(cpuBefore)) : null,
      };
    }
    const report = buildReport(
      options,
      loop,
      bidding,
      browsing,
      watched,
      verification,
      baselines,
      stack,
      {
        before: cpuBefore,
        after: cpuAfter,
        window: loadWindow,
      },
      messages,
    );
    if (options.chartFile && plan.bids) {
      writeFileSync(options.chartFile, latencyChart([{ name: runName(report), bands: report.details.latencyByRate }]));
      log(`chart written to ${options.chartFile}`);
    }
    return report;
  } finally {
    await client.close();
    await stack?.stop();
  }
}

/** A run's label in a chart legend. */
export function runName(report: LoadReport): string {
  const parts = [`${report.scenario} ${report.targetRate}/s`, `${report.watchers} watchers`];
  if (report.apiProcesses > 1) parts.push(`${report.apiProcesses} API`);
  if (report.hubProcesses) parts.push(`${report.hubProcesses} hub`);
  if (report.outbidEmails === false) parts.push('no outbid emails');
  return parts.join(', ');
}

type CpuSnapshot = { machine: ReturnType<typeof machineCpu>; processes: Map<string, number>; runner: number };

function cpuSnapshot(stack: Stack | null): CpuSnapshot {
  const processes = new Map<string, number>();
  for (const p of stack?.processes ?? []) processes.set(p.name, processCpuSeconds(p.pid) ?? 0);
  if (stack?.postgresPid) processes.set('postgres', processTreeCpuSeconds(stack.postgresPid) ?? 0);
  const own = process.cpuUsage();
  return { machine: machineCpu(), processes, runner: (own.user + own.system) / 1e6 };
}

function buildReport(
  options: LoadOptions,
  loop: Awaited<ReturnType<typeof runArrivals>>,
  bidding: BidDriver,
  browsing: BrowseDriver,
  watched: WatchersResult,
  verification: Verification | null,
  baselines: { pgbenchInsertsPerSecond: number | null; bareFastifyRequestsPerSecond: number | null },
  stack: Stack | null,
  cpu: { before: CpuSnapshot; after: CpuSnapshot; window: MonotonicWindow },
  messages: MessageFigures | null,
): LoadReport {
  const acks = sortedCopy(bidding.ackMs);
  const reads = sortedCopy(browsing.answerMs);
  const seconds = loop.seconds;
  const accepted = bidding.acknowledged.size / seconds;
  const bids = options.scenario !== 'browse';
  const secondsByProcess: Record<string, number> = {
    runner: round1(cpu.after.runner - cpu.before.runner) ?? 0,
    watchers: round1(watched.cpuSeconds) ?? 0,
  };
  for (const [name, after] of cpu.after.processes) {
    secondsByProcess[name] = round1(after - (cpu.before.processes.get(name) ?? 0)) ?? 0;
  }
  const { machine: m0 } = cpu.before;
  const { machine: m1 } = cpu.after;
  const machineBusyPercent = m0 && m1 ? round((100 * (m1.busy - m0.busy)) / Math.max(1e-9, m1.total - m0.total)) : null;

  const failures: string[] = [];
  if (!verification) failures.push('not verified: no database to read (give --database-url with --target)');
  else {
    for (const key of ['lost', 'duplicated', 'acceptedAfterEnd', 'replayMismatches', 'unclosedLots'] as const) {
      if (verification[key] > 0) failures.push(`${key}: ${verification[key]}`);
    }
  }
  const p = (q: number) => round1(percentile(acks, q));
  return {
    scenario: options.scenario,
    durationSeconds: options.durationSeconds,
    loadSeconds: round1(seconds) ?? 0,
    apiProcesses: stack?.apiUrls.length ?? options.targets.length,
    hubProcesses: stack ? options.hubProcesses : 0,
    targetRate: options.rate,
    outbidEmails: options.outbidEmails,
    offeredBidsPerSecond: bids ? round(loop.arrivals / seconds) : 0,
    acceptedBidsPerSecond: round(accepted),
    ackP50Ms: p(0.5),
    ackP95Ms: p(0.95),
    ackP99Ms: p(0.99),
    watchers: watched.connected,
    propagationP50Ms: watched.histogram.percentile(0.5),
    propagationP99Ms: watched.histogram.percentile(0.99),
    closingLagP99Ms: verification?.closingLagP99Ms ?? null,
    errors5xx: bidding.errors5xx + browsing.errors5xx,
    lost: verification?.lost ?? null,
    duplicated: verification?.duplicated ?? null,
    acceptedAfterEnd: verification?.acceptedAfterEnd ?? null,
    replayMismatches: verification?.replayMismatches ?? null,
    details: {
      arrivals: loop.arrivals,
      droppedArrivals: loop.dropped,
      networkErrors: bidding.networkErrors + browsing.networkErrors,
      refusals: Object.fromEntries(bidding.refusals),
      lateSendP99Ms: round1(loop.lateSendP99Ms) ?? 0,
      acknowledged: bidding.acknowledged.size,
      answeredPerSecond: round(bidding.answered / seconds),
      watcherDisconnects: watched.disconnects,
      watcherFrames: watched.framesPerWatcher,
      watcherBytesPerSecond: round(watched.bytesPerWatcher / seconds),
      propagationSamples: watched.samples,
      closingLagP50Ms: verification?.closingLagP50Ms ?? null,
      closingLagMaxMs: verification?.closingLagMaxMs ?? null,
      unclosedLots: verification?.unclosedLots ?? null,
      eventsVerified: verification?.eventsRead ?? null,
      reads: bids
        ? null
        : {
            offeredPerSecond: round(loop.arrivals / seconds),
            answeredPerSecond: round(reads.length / seconds),
            p50Ms: round1(percentile(reads, 0.5)),
            p99Ms: round1(percentile(reads, 0.99)),
          },
      cpu: { machineBusyPercent, loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10, secondsByProcess },
      messages,
      latencyByRate: latencyBands(bidding.windows),
      loadWindow: cpu.window,
      examples: verification?.examples ?? [],
    },
    baselines: {
      ...baselines,
      acceptedToPgbench: bids ? ratio(accepted, baselines.pgbenchInsertsPerSecond) : null,
      acceptedToBareFastify: ratio(bids ? accepted : reads.length / seconds, baselines.bareFastifyRequestsPerSecond),
    },
    failures,
  };
}
