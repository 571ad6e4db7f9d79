import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { MessageId } from '../../i18n/messages.ts';
import type { AuctionSectionProps, SectionProps } from './sectionProps.ts';

/**
 * The console's sections (docs/console.md), in the order the navigation shows them. Each is its
 * own lazy file, so the console's first screen loads only what it shows. Organisation sections
 * need a chosen organisation; auction sections a chosen auction too.
 */
export type SectionId =
  | 'auctions'
  | 'organization'
  | 'members'
  | 'setup'
  | 'lots'
  | 'stage'
  | 'bulk'
  | 'bidders'
  | 'announcements'
  | 'invoices'
  | 'closing'
  | 'removal'
  | 'audit';

interface OrganizationSection {
  id: SectionId;
  label: MessageId;
  scope: 'organization';
  Component: LazyExoticComponent<ComponentType<SectionProps>>;
}

interface AuctionSection {
  id: SectionId;
  label: MessageId;
  scope: 'auction';
  Component: LazyExoticComponent<ComponentType<AuctionSectionProps>>;
}

export type ConsoleSection = OrganizationSection | AuctionSection;

export const SECTIONS: readonly ConsoleSection[] = [
  {
    id: 'auctions',
    label: 'console.nav.auctions',
    scope: 'organization',
    Component: lazy(() => import('../organization/AuctionsSection.tsx')),
  },
  {
    id: 'organization',
    label: 'console.nav.organization',
    scope: 'organization',
    Component: lazy(() => import('../organization/OrganizationSection.tsx')),
  },
  {
    id: 'members',
    label: 'console.nav.members',
    scope: 'organization',
    Component: lazy(() => import('../members/MembersSection.tsx')),
  },
  {
    id: 'setup',
    label: 'console.nav.setup',
    scope: 'auction',
    Component: lazy(() => import('../setup/AuctionSetupSection.tsx')),
  },
  { id: 'lots', label: 'console.nav.lots', scope: 'auction', Component: lazy(() => import('../lots/LotsSection.tsx')) },
  {
    id: 'stage',
    label: 'console.nav.stage',
    scope: 'auction',
    Component: lazy(() => import('../stage/StageSection.tsx')),
  },
  { id: 'bulk', label: 'console.nav.bulk', scope: 'auction', Component: lazy(() => import('../bulk/BulkSection.tsx')) },
  {
    id: 'bidders',
    label: 'console.nav.bidders',
    scope: 'auction',
    Component: lazy(() => import('../bidders/BiddersSection.tsx')),
  },
  {
    id: 'announcements',
    label: 'console.nav.announcements',
    scope: 'auction',
    Component: lazy(() => import('../announcements/AnnouncementsSection.tsx')),
  },
  {
    id: 'invoices',
    label: 'console.nav.invoices',
    scope: 'auction',
    Component: lazy(() => import('../invoices/InvoicesSection.tsx')),
  },
  {
    id: 'closing',
    label: 'console.nav.closing',
    scope: 'auction',
    Component: lazy(() => import('../closing/ClosingMinuteSection.tsx')),
  },
  {
    id: 'removal',
    label: 'console.nav.removal',
    scope: 'auction',
    Component: lazy(() => import('../removal/BidRemovalSection.tsx')),
  },
  {
    id: 'audit',
    label: 'console.nav.audit',
    scope: 'auction',
    Component: lazy(() => import('../audit/AuditSection.tsx')),
  },
];

/** The section the address names, else the first of the scope: an auction opens on its lots. */
export function chosenSection(requested: string, hasAuction: boolean): ConsoleSection {
  const wanted = SECTIONS.find((section) => section.id === requested);
  if (wanted && (wanted.scope === 'organization' || hasAuction)) return wanted;
  const fallback: SectionId = hasAuction ? 'lots' : 'auctions';
  return SECTIONS.find((section) => section.id === fallback) as ConsoleSection;
}
