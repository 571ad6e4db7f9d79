import { readFileSync, writeFileSync } from 'node:fs';
import { formatProfiles, summarizeProfiles } from './cpuProfile.ts';
import { latencyChart } from './latencyChart.ts';
import { parseOptions, USAGE, UsageError } from './options.ts';
import { formatReport } from './report.ts';
import { type LoadReport, runLoad, runName } from './runLoad.ts';

/**
 * `npm run load -- --scenario closing-minute|hot-lot|browse --duration 60s [--target URL] [--json FILE]`:
 * the k6 scenarios driven from Node (undici, ws), for machines without k6. Exits 1 when the
 * verification finds a lost, duplicated or late bid, a lot left open, or read models that differ
 * from a replay (docs/load-tests.md).
 */
const log = (line: string) => console.error(`[load] ${line}`);

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}

if (options.chartFrom.length) {
  if (!options.chartFile) {
    console.error(`--chart-from needs --chart FILE.svg\n${USAGE}`);
    process.exit(2);
  }
  const reports = options.chartFrom.map((file) => JSON.parse(readFileSync(file, 'utf8')) as LoadReport);
  writeFileSync(
    options.chartFile,
    latencyChart(reports.map((report) => ({ name: runName(report), bands: report.details.latencyByRate }))),
  );
  log(`chart of ${reports.length} run(s) written to ${options.chartFile}`);
  process.exit(0);
}

try {
  const report = await runLoad(options, log);
  console.log(formatReport(report));
  if (options.jsonFile) writeFileSync(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  // The processes write their profiles when they stop, which the run has waited for; only the load counts.
  if (options.profileDir) console.log(formatProfiles(summarizeProfiles(options.profileDir, report.details.loadWindow)));
  if (report.failures.length) {
    console.error(`VERIFICATION FAILED: ${report.failures.join('; ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`[load] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
// undici keep-alive sockets and the watchers' IPC are closed; anything left must not hold the exit.
process.exit();
