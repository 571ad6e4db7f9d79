import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** The auction's bidders: status, lock, temporary password, invitations. */
export default function BiddersSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
