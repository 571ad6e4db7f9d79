import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** Lots imported from a file, and the auction's exports. */
export default function BulkSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
