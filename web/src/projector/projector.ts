/**
 * The projector's pure rules (docs/console.md): how full the thermometer is, and which of the
 * auction's languages the room reads now.
 */

/** How long each language stays on the screen before the next. */
export const LANGUAGE_PERIOD_MS = 8000;

export interface Thermometer {
  /** How full the tube is, 0 to 100 (a goal passed stays full). */
  fill: number;
  /** The share of the goal raised, rounded down (it may pass 100); null without a goal. */
  percent: number | null;
  reached: boolean;
}

/** Funds raised against the goal; without a goal the tube stays empty and only the amount is shown. */
export function thermometerOf(raisedCents: number, goalCents: number | null): Thermometer {
  if (!goalCents || goalCents <= 0) return { fill: 0, percent: null, reached: false };
  const raised = Math.max(raisedCents, 0);
  const percent = Math.floor((raised * 100) / goalCents);
  return { fill: Math.min(100, (raised * 100) / goalCents), percent, reached: raised >= goalCents };
}

/**
 * The language shown at server time `now`: the auction's languages in turn, each for `periodMs`,
 * counted from the epoch so every screen in the room changes at the same moment.
 */
export function languageAt<L extends string>(
  languages: readonly L[],
  now: number,
  periodMs = LANGUAGE_PERIOD_MS,
): L | undefined {
  if (languages.length === 0) return undefined;
  const turn = Math.floor(now / periodMs) % languages.length;
  return languages[turn];
}
