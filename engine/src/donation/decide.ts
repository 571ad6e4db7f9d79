import { AuctionStatus, DonationType } from '@auction/contract';
import type { DeleteDonation, DonationCommand, ReceiveDonation } from './commands.ts';
import type { DonationDecision } from './decision.ts';
import { type DonationEventBody, withMeta } from './events.ts';
import type { DonationRefusal } from './refusals.ts';
import type { DonationState } from './state.ts';

export function decide(state: DonationState, command: DonationCommand): DonationDecision {
  switch (command.type) {
    case 'ReceiveDonation':
      return receive(state, command);
    case 'DeleteDonation':
      return remove(state, command);
  }
}

/**
 * What the auction's donation settings allow: an Active auction taking Internal donations (spec
 * 001 §3 donationType; External ones go to donationUrl), and an amount that is one of the presets
 * unless the auction allows another amount. The donation's id names one donation: the same one
 * again is a retry with nothing new, another one under that id a conflict.
 */
function receive(state: DonationState, command: ReceiveDonation): DonationDecision {
  const { received } = state;
  if (received) return sameDonation(received, command) ? accept(command, []) : refuse('donation_id_conflict');
  const { auction } = command;
  if (auction.status !== AuctionStatus.Active) return refuse('auctionNotActive');
  if (auction.donationType !== DonationType.Internal) return refuse('donation_not_allowed');
  if (!auction.donationAllowOtherAmount && !auction.presetAmounts.includes(command.amount)) {
    return refuse('invalid_donation_amount');
  }
  return accept(command, [
    {
      type: 'DonationReceived',
      data: {
        donationId: command.donationId,
        auctionId: auction.id,
        userId: command.donorId,
        amount: command.amount,
        clientDateCreated: command.clientDateCreated,
      },
    },
  ]);
}

/** A deleted donation stays deleted: a second deletion is a retry with nothing new. */
function remove(state: DonationState, command: DeleteDonation): DonationDecision {
  const { received } = state;
  if (!received) return refuse('donation_not_found');
  if (state.deleted) return accept(command, []);
  const { donationId, auctionId, userId, amount } = received;
  return accept(command, [{ type: 'DonationDeleted', data: { donationId, auctionId, userId, amount } }]);
}

/** A retry carries the same donation: the same auction, donor and amount (the client's date may differ). */
export function sameDonation(
  received: NonNullable<DonationState['received']>,
  asked: { auction: { id: number }; donorId: string | null; amount: number },
): boolean {
  return (
    received.auctionId === asked.auction.id && received.userId === asked.donorId && received.amount === asked.amount
  );
}

function accept(command: DonationCommand, bodies: DonationEventBody[]): DonationDecision {
  const meta = { commandId: command.commandId, userId: command.userId, at: command.at };
  return { ok: true, events: bodies.map((body) => withMeta(body, meta)) };
}

function refuse(reason: DonationRefusal): DonationDecision {
  return { ok: false, reason };
}
