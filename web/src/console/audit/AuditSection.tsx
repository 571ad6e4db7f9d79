import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** The auditor's replay of a lot's stream, and the auction's export. */
export default function AuditSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
