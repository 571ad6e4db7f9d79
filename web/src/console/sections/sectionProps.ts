import type { operator } from '@auction/contract';

/** What every console section is given by the shell (web/src/console/ConsolePage.tsx). */
export interface SectionProps {
  /** The organisation chosen in the console. */
  organization: operator.Organization;
  /** The auction chosen in the console, when there is one (auction sections always have one). */
  auction: operator.OperatorAuction | null;
  /** The signed-in user's roles, for showing only what the API would allow. */
  actorRoles: readonly number[];
  /** Opens an auction's sections (its lots first), as choosing it in the auction list does. */
  chooseAuction: (auction: operator.OperatorAuction) => void;
}

/** A section that needs an auction: the shell renders it only once one is chosen. */
export interface AuctionSectionProps extends SectionProps {
  auction: operator.OperatorAuction;
}
