/**
 * The contract between the API and its clients: the spec's codes (and, beside them, the request
 * and answer schemas of each resource). The lowest layer: it imports nothing but zod.
 */
export * from './codes.ts';
export * from './common.ts';
export * from './lots.ts';
