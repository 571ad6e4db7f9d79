import type { Cents } from '../money.ts';

/** Copied from the command that produced the event: who, which idempotency key, and server time (epoch ms). */
export type DonationEventMeta = { commandId: string; userId: string | null; at: number };

type Event<Type extends string, Data> = { type: Type; data: Data; meta: DonationEventMeta };

/**
 * A donation received (spec 001 §2, §4). Its time is the server's (meta.at); meta.userId is the
 * donor, as data.userId is.
 */
export type DonationReceived = Event<
  'DonationReceived',
  {
    donationId: string;
    auctionId: number;
    /** Null for an anonymous donation. */
    userId: string | null;
    amount: Cents;
    /** What the client said its time was: recorded, never decisive. */
    clientDateCreated: number | null;
  }
>;

/** An operator's deletion; meta.userId is who deleted it. */
export type DonationDeleted = Event<
  'DonationDeleted',
  { donationId: string; auctionId: number; userId: string | null; amount: Cents }
>;

export type DonationEvent = DonationReceived | DonationDeleted;
export type DonationEventType = DonationEvent['type'];

/** An event before the command's meta is attached. */
export type DonationEventBody = DonationEvent extends infer E
  ? E extends DonationEvent
    ? Omit<E, 'meta'>
    : never
  : never;

export function withMeta(body: DonationEventBody, meta: DonationEventMeta): DonationEvent {
  return { ...body, meta } as DonationEvent;
}
