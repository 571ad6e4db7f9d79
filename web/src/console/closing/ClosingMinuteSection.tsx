import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** The closing minute, live from the hub. */
export default function ClosingMinuteSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
