import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** The auction set up: every field of spec 001 §3, tabs, categories, closing groups, status. */
export default function AuctionSetupSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
