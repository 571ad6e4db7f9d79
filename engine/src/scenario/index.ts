export { formatOutcome } from './format.ts';
export { type ParseResult, parseScenario, type Scenario } from './parse.ts';
export { runScenario } from './run.ts';
export type { CommandResult, ScenarioBid, ScenarioCommand, ScenarioOutcome } from './types.ts';
