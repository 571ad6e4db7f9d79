import { ApiError } from '../../api/client.ts';

/** Where an import stopped partway: the refusal's key, the lots created before it and the failing row's line. */
export type ImportStop = { key: string; created: number; line: number };

/**
 * A refusal of the import reads as a stop partway when it carries `created` and `line` (the
 * contract's interrupted answer): lots before that line exist and were announced, so the console
 * must say so rather than show a plain refusal as if nothing had happened.
 */
export function importStop(error: unknown): ImportStop | null {
  if (!(error instanceof ApiError)) return null;
  const { created, line } = error.body;
  if (typeof created !== 'number' || typeof line !== 'number') return null;
  return { key: error.message, created, line };
}
