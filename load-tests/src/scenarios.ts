import type { ArrivalSchedule } from './arrivals.ts';
import type { LoadOptions } from './options.ts';
import type { AuctionPlan } from './setup.ts';

const MINUTE = 60_000;

export interface ScenarioPlan {
  auction: AuctionPlan;
  schedule: ArrivalSchedule;
  /** Whether requests are bids (closing-minute, hot-lot) or reads (browse). */
  bids: boolean;
  /** Whether the run ends with every lot closed, and so measures the closing workers. */
  closes: boolean;
  /** The latest the load may go on (seconds after its start), extensions included. */
  maxLoadSeconds: number;
}

/** The auction's end: after every lot of any scenario, extensions included, with room to spare. */
export function auctionEndFor(options: LoadOptions, now: number): number {
  return now + options.durationSeconds * 1000 + options.extensionMinutes * MINUTE + 3 * 60 * MINUTE;
}

/**
 * The three scenarios' auctions and arrival rates, with the load starting at `t0` (epoch ms).
 * - closing-minute: the lots' ends spread over the last min(60 s, half) of the duration; a bid in
 *   a lot's last `extensionMinutes` extends it once by as much, so the run goes on until the last
 *   extended lot has closed. The rate ramps from a tenth of the target over the first half.
 * - hot-lot: every bid on one lot, which ends at the end of the duration (extended the same way).
 * - browse: reads of lots that close long after the run.
 */
export function planScenario(options: LoadOptions, t0: number): ScenarioPlan {
  const duration = options.durationSeconds * 1000;
  const extension = options.extensionMinutes * MINUTE;
  const schedule: ArrivalSchedule = {
    startRate: Math.max(1, options.rate / 10),
    targetRate: options.rate,
    rampSeconds: options.durationSeconds / 2,
  };
  const pricing = { startingBidCents: 1000, incrementCents: 100, extensionMinutes: options.extensionMinutes };
  const tail = (duration + extension) / 1000 + 30;
  switch (options.scenario) {
    case 'closing-minute': {
      const window = Math.min(MINUTE, duration / 2);
      const lots = Array.from({ length: options.lots }, (_, i) => ({
        endsAt: Math.round(t0 + duration - window + (window * (i + 1)) / options.lots),
      }));
      return {
        auction: { ...pricing, lots },
        schedule,
        bids: true,
        closes: true,
        maxLoadSeconds: tail,
      };
    }
    case 'hot-lot':
      return {
        auction: { ...pricing, lots: [{ endsAt: t0 + duration }] },
        schedule,
        bids: true,
        closes: true,
        maxLoadSeconds: tail,
      };
    case 'browse': {
      const lots = Array.from({ length: options.lots }, (_, i) => ({ endsAt: t0 + 60 * MINUTE + i * 1000 }));
      return {
        auction: { ...pricing, lots },
        schedule,
        bids: false,
        closes: false,
        maxLoadSeconds: options.durationSeconds,
      };
    }
  }
}
