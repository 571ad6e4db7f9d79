/**
 * `@auction/engine/testing`: the lot fixtures and command builders every workspace's tests share,
 * so a lot in a projection, worker or API test is the engine's test lot with a few fields changed.
 * Test code only; nothing in `src` outside this folder imports it.
 */
export { type CommandDefaults, type CommandOptions, command, lotCommands } from './commands.ts';
export { END, fixedPriceConfig, HOUR, lotConfig, MINUTE, minutesBefore } from './lotConfig.ts';
export { recordedEvents } from './recordedEvents.ts';
