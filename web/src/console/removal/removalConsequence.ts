import { type bidRemoval, LotStatus, type Money } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';

type Standing = bidRemoval.RemovalStanding;

/** Integer cents from the API's decimal amount (2 decimals at most), without float drift. */
export const centsOf = (money: Money) => Math.round(money.value * 100);

/** Once the close has been decided, a removal changes who wins rather than who leads. */
export const isDecided = (standing: Standing) =>
  standing.status === LotStatus.ClosedWon || standing.status === LotStatus.ClosedNoBid;

/** Who the standing puts first: the winner once decided, the leader before. */
export const firstOf = (standing: Standing) => (isDecided(standing) ? standing.winner : standing.leader);

export interface Consequence {
  id: MessageId;
  values: {
    closed: 'yes' | 'no';
    name: string;
    amount: number | null;
    previous: string;
    previousAmount: number | null;
  };
}

/**
 * What the confirmation states first: "X would lead at Y instead of Z at W", "X would still win,
 * at Y instead of W", or "Nobody would lead instead of Z at W". Amounts stay cents, for the
 * caller to format in the reader's language.
 */
export function consequenceOf(preview: bidRemoval.RemovalPreviewAnswer): Consequence {
  const before = firstOf(preview.before);
  const after = firstOf(preview.after);
  const values = {
    closed: isDecided(preview.before) ? ('yes' as const) : ('no' as const),
    name: after?.name ?? '',
    amount: preview.after.price ? centsOf(preview.after.price) : null,
    previous: before?.name ?? '',
    previousAmount: preview.before.price ? centsOf(preview.before.price) : null,
  };
  if (after === null) return { id: 'console.removal.consequence.nobody', values };
  if (after.userId === before?.userId) return { id: 'console.removal.consequence.same', values };
  return { id: 'console.removal.consequence.other', values };
}

/** After the close, a changed winner is told by email or SMS (workers' notifications): the operator should know. */
export function notifiesBidders(preview: bidRemoval.RemovalPreviewAnswer): boolean {
  return isDecided(preview.before) && preview.before.winner?.userId !== preview.after.winner?.userId;
}
