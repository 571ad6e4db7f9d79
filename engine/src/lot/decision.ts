import type { LotEvent, LotEventBody } from './events.ts';
import type { RefusalReason } from './refusals.ts';

export type Decision = { ok: true; events: LotEvent[] } | { ok: false; reason: RefusalReason };

/** A rule's verdict before the command's meta is attached, so that a replay can reuse it. */
export type RuleResult = { ok: true; bodies: LotEventBody[] } | { ok: false; reason: RefusalReason };

export function accept(bodies: LotEventBody[]): RuleResult {
  return { ok: true, bodies };
}

export function refuse(reason: RefusalReason): { ok: false; reason: RefusalReason } {
  return { ok: false, reason };
}
