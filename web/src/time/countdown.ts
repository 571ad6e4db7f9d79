export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
}

/** Spec 001 §4: days to seconds; nothing once the target has passed (the countdown disappears). */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts | null {
  const totalMs = targetMs - nowMs;
  if (!(totalMs > 0)) return null;
  const totalSeconds = Math.ceil(totalMs / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

export const pad2 = (value: number) => String(value).padStart(2, '0');
