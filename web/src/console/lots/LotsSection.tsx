import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { ConsoleLots } from './ConsoleLots.tsx';

/** The auction's lots: the table (titled with the auction's name), the lot commands and the lot editor. */
export default function LotsSection({ auction }: AuctionSectionProps) {
  return <ConsoleLots auction={auction} />;
}
