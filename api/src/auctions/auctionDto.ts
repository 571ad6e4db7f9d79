import type { AuctionRow } from './auctionRepository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The spec's Auction shape (spec 001 §3); fields arrive here as the auctions issue widens the model. */
export function toAuctionDto(row: AuctionRow) {
  return {
    id: row.id,
    status: row.status,
    urlMagicLink: row.url_magic_link,
    type: row.type,
    translations: row.translations,
    languages: row.languages,
    datePreOpen: iso(row.date_pre_open),
    dateOpen: iso(row.date_open),
    dateCompleted: iso(row.date_completed),
    completedDate: iso(row.completed_date),
    isAvailable: row.is_available,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    currency: row.currency,
    donationType: row.donation_type,
    bannerEnglish: row.banner_english ? { fullPath: row.banner_english } : null,
    bannerFrench: row.banner_french ? { fullPath: row.banner_french } : null,
    ...row.colors,
    lotCount: row.lot_count,
  };
}
