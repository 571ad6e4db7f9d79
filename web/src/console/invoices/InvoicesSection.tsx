import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';

/** The auction's invoices and payments. */
export default function InvoicesSection(_props: AuctionSectionProps) {
  return <ComingSoon />;
}
