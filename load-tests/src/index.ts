/**
 * The load runner (issue 8): the k6 scenarios of load-tests/k6 driven from Node, with the run's
 * verification and baselines. `src/cli.ts` is the command line; this is the surface tests use.
 */
export { type LoadOptions, parseOptions, type ScenarioName } from './options.ts';
export { formatReport } from './report.ts';
export { type LoadReport, runLoad } from './runLoad.ts';
