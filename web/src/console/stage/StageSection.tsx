import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** Live lots sold on stage: the hammer price and the winner. */
export default function StageSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
