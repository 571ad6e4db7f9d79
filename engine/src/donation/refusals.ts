/** Why a donation command was refused: the spec's message keys, or the API's where it has none. */
export type DonationRefusal =
  | 'auctionNotActive'
  | 'donation_not_allowed'
  | 'invalid_donation_amount'
  /** The donation's id names another donation (another auction, donor or amount). */
  | 'donation_id_conflict'
  | 'donation_not_found';
