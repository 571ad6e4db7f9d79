import { DEMO_ACCOUNTS } from '@auction/api';

export const scenarioNames = ['closing-minute', 'hot-lot', 'browse'] as const;
export type ScenarioName = (typeof scenarioNames)[number];

export interface LoadOptions {
  scenario: ScenarioName;
  /** Seconds of offered load; a closing-minute run goes on until its last (extended) lot closes. */
  durationSeconds: number;
  /** API base URLs to drive (round-robin); empty means: start the stack here. */
  targets: string[];
  jsonFile: string | null;
  chartFile: string | null;
  /** Draw the chart from these JSON reports of earlier runs instead of running. */
  chartFrom: string[];
  /** API processes to start for the HTTP requests (ignored with targets). */
  apiProcesses: number;
  /**
   * More API processes that only hold the watchers' WebSockets (a load balancer routing the hub's
   * path to its own nodes); 0 spreads the watchers over the API processes.
   */
  hubProcesses: number;
  watchers: number;
  watcherProcesses: number;
  /** Offered requests per second once ramped up. */
  rate: number;
  lots: number;
  bidders: number;
  /** Whether the bidders keep the outbid email on (the default of registration). */
  outbidEmails: boolean;
  /** Anti-sniping step and window (whole minutes, as the lot fields are); 0 turns extensions off. */
  extensionMinutes: number;
  baselines: boolean;
  baselineSeconds: number;
  /** PostgreSQL the verification reads (and the stack uses when given); the embedded one otherwise. */
  databaseUrl: string | null;
  /** Redis the started stack uses; a local redis-server is started otherwise. */
  redisUrl: string | null;
  adminUser: string;
  adminPassword: string;
  /** Folder for `node --cpu-prof` profiles of the API processes. */
  profileDir: string | null;
  /** Requests in flight at most (k6's maxVUs); arrivals beyond it are dropped and counted. */
  maxInFlight: number;
  /** How long after the load the report waits at most for the bids' messages to go out (0: not at all). */
  messageDrainSeconds: number;
  /** Workers processes of their own for email and SMS, at a lower priority (0: in the workers process). */
  messageWorkers: number;
}

export class UsageError extends Error {}

export const USAGE = `usage: npm run load -- --scenario closing-minute|hot-lot|browse [--duration 60s]
  [--target URL[,URL…]] [--json FILE] [--chart FILE.svg] [--api 1|2|4] [--hub N] [--watchers N] [--rate N]
  [--lots N] [--bidders N] [--outbid-emails on|off] [--extension-minutes N] [--no-baselines] [--baseline-seconds N]
  [--database-url URL] [--redis-url URL] [--admin-user EMAIL --admin-password TEXT]
  [--profile DIR] [--watcher-procs N] [--max-in-flight N]
       npm run load -- --chart FILE.svg --chart-from REPORT.json[,REPORT.json…]`;

const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'administrator');

const DEFAULTS: Record<ScenarioName, { rate: number; lots: number; watchers: number }> = {
  'closing-minute': { rate: 2000, lots: 500, watchers: 1000 },
  'hot-lot': { rate: 500, lots: 1, watchers: 200 },
  browse: { rate: 500, lots: 200, watchers: 0 },
};

/** `60s`, `2m`, `45` (seconds). */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new UsageError(`--duration: expected 30s, 2m or a number of seconds, got "${text}"`);
  const value = Number(match[1]);
  const unit = match[2] ?? 's';
  const seconds = unit === 'm' ? value * 60 : unit === 'ms' ? value / 1000 : value;
  if (seconds <= 0) throw new UsageError('--duration must be positive');
  return seconds;
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): LoadOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const name = arg.slice(2);
    if (name === 'no-baselines') {
      flags.add(name);
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    values.set(name, value);
    i++;
  }
  const known = new Set([
    'scenario',
    'duration',
    'target',
    'json',
    'chart',
    'chart-from',
    'api',
    'hub',
    'watchers',
    'watcher-procs',
    'rate',
    'lots',
    'bidders',
    'outbid-emails',
    'extension-minutes',
    'baseline-seconds',
    'database-url',
    'redis-url',
    'admin-user',
    'admin-password',
    'profile',
    'max-in-flight',
    'message-drain-seconds',
    'message-workers',
  ]);
  for (const name of values.keys()) if (!known.has(name)) throw new UsageError(`unknown option --${name}`);

  const scenario = (values.get('scenario') ?? 'closing-minute') as ScenarioName;
  if (!scenarioNames.includes(scenario)) throw new UsageError(`--scenario: one of ${scenarioNames.join(', ')}`);
  const count = (name: string, fallback: number, min = 0) => {
    const text = values.get(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name}: expected an integer ≥ ${min}, got "${text}"`);
    return n;
  };
  const defaults = DEFAULTS[scenario];
  const onOff = (name: string, fallback: boolean) => {
    const text = values.get(name);
    if (text === undefined) return fallback;
    if (text !== 'on' && text !== 'off') throw new UsageError(`--${name}: on or off, got "${text}"`);
    return text === 'on';
  };
  const targets = (values.get('target') ?? '')
    .split(',')
    .map((t) => t.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const target of targets) {
    if (!/^https?:\/\/[^/]+/.test(target))
      throw new UsageError(`--target: expected http(s)://host[:port], got "${target}"`);
  }
  const watchers = count('watchers', defaults.watchers);
  const adminUser = values.get('admin-user') ?? env.LOAD_ADMIN_USER ?? demoAdmin?.username;
  const adminPassword = values.get('admin-password') ?? env.LOAD_ADMIN_PASSWORD ?? demoAdmin?.password;
  if (!adminUser || !adminPassword) throw new UsageError('--admin-user and --admin-password are required');
  return {
    scenario,
    durationSeconds: parseDuration(values.get('duration') ?? '60s'),
    targets,
    jsonFile: values.get('json') ?? null,
    chartFile: values.get('chart') ?? null,
    chartFrom: (values.get('chart-from') ?? '').split(',').filter(Boolean),
    apiProcesses: count('api', 1, 1),
    hubProcesses: count('hub', 0),
    watchers,
    watcherProcesses: count('watcher-procs', Math.max(1, Math.ceil(watchers / 5000)), 1),
    rate: count('rate', defaults.rate, 1),
    lots: count('lots', defaults.lots, 1),
    bidders: count('bidders', 200, 1),
    outbidEmails: onOff('outbid-emails', true),
    extensionMinutes: count('extension-minutes', 1),
    baselines: !flags.has('no-baselines'),
    baselineSeconds: count('baseline-seconds', 10, 1),
    databaseUrl: values.get('database-url') ?? env.DATABASE_URL ?? null,
    redisUrl: values.get('redis-url') ?? null,
    adminUser,
    adminPassword,
    profileDir: values.get('profile') ?? null,
    maxInFlight: count('max-in-flight', 4000, 1),
    messageDrainSeconds: count('message-drain-seconds', 180),
    messageWorkers: count('message-workers', 0),
  };
}
