import { ApiError } from '../api/client.ts';

/**
 * Whether a command's outcome is unknown: its answer never came back (the network failed) or the
 * server or a proxy failed (5xx). It may have been recorded, or not. A 4xx is a refusal: nothing
 * was recorded, and the same command would be refused again.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/**
 * A bidder's command (a bid, a purchase, a donation) whose outcome is unknown is sent again by
 * itself, twice, after 0.5 s then 1 s, with the same command id: the server answers a command it
 * already recorded with that record and never does it twice, so a phone losing its signal in the
 * closing minute neither loses the bid nor buys the lot twice. TanStack Query's mutation options.
 */
export const commandRetry = {
  retry: (failureCount: number, error: Error) => failureCount < 2 && isOutcomeUnknown(error),
  retryDelay: (failureCount: number) => 500 * 2 ** failureCount,
};
