/**
 * When a supervised process dies: restart it after a backoff that grows with its recent deaths,
 * or give up when it keeps dying (then the product stops and shows the process's last words, since
 * restarting a process that cannot start only hides the cause).
 */
export interface RestartPolicy {
  /** Deaths within `windowMs` that make the supervisor give up. */
  maxDeaths: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxDeaths: 5,
  windowMs: 60_000,
  firstDelayMs: 500,
  maxDelayMs: 8_000,
};

export type RestartDecision = { action: 'restart'; delayMs: number } | { action: 'give-up'; deaths: number };

/** `deaths` are the times of every death so far, the latest included. */
export function decideRestart(
  deaths: readonly number[],
  now: number,
  policy = DEFAULT_RESTART_POLICY,
): RestartDecision {
  const recent = deaths.filter((time) => now - time < policy.windowMs).length;
  if (recent >= policy.maxDeaths) return { action: 'give-up', deaths: recent };
  const delayMs = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, recent - 1));
  return { action: 'restart', delayMs };
}
