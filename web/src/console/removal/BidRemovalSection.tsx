import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** A bid's removal, with the standing it would produce beside today's. */
export default function BidRemovalSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
