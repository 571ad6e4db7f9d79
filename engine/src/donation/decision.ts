import type { DonationEvent } from './events.ts';
import type { DonationRefusal } from './refusals.ts';

export type DonationDecision = { ok: true; events: DonationEvent[] } | { ok: false; reason: DonationRefusal };
