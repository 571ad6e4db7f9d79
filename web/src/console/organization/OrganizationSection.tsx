import { ComingSoon } from '../sections/ComingSoon.tsx';
import type { SectionProps } from '../sections/sectionProps.ts';

/** The organisation: its name, its teams with their colours. */
export default function OrganizationSection(_props: SectionProps) {
  return <ComingSoon />;
}
