import { LotStatus, LotType } from '@auction/contract';
import { dateTurningRed as redDate } from '@auction/platform';
import { CAD_VIEW, type CurrencyView, moneyIn } from '../currency/convertedMoney.ts';
import type { LotRow } from './lotRepository.ts';
import { userBannerOf } from './userBanner.ts';

/** When a lot "turns red" (closing soon): the platform's one rule, shared with the workers' announcement. */
/** The columns the lot's end, red date and status come from: a full row, or the lot table's listing row. */
type TimedRow = Pick<
  LotRow,
  'ends_at' | 'date_completed' | 'status' | 'allows_time_extension' | 'minutes_left_before_allowing_extension'
>;

export function dateTurningRed(row: TimedRow): Date {
  return new Date(
    redDate(endsAt(row).getTime(), {
      allowsTimeExtension: row.allows_time_extension,
      minutesLeftBeforeAllowingExtension: row.minutes_left_before_allowing_extension,
    }),
  );
}

export function endsAt(row: Pick<LotRow, 'ends_at' | 'date_completed'>): Date {
  return new Date(row.ends_at ?? row.date_completed);
}

/** Spec 001 §4 status: the engine's code, or 9 (closing soon) for an open lot past its red date. */
export function statusOf(row: TimedRow, now: Date): number {
  const status = row.status ?? LotStatus.InProgress;
  if (status === LotStatus.InProgress && now >= dateTurningRed(row)) return LotStatus.ClosingSoon;
  return status;
}

export function nameOf(row: LotRow, language: 'en' | 'fr'): string {
  return (row.translations.find((t) => t.languageCode === language) ?? row.translations[0])?.name ?? 'no-translations';
}

/**
 * The lot item of spec 001 §3, for lists (and, with history and related lots added, for the
 * detail); money converted for a reader who prefers USD, and the signed-in user's banner.
 */
export function lotItemDto(row: LotRow, now: Date, userId: string | null, currency: CurrencyView = CAD_VIEW) {
  const isFixedPrice = row.type === LotType.FixedPrice;
  const sold = row.sold_quantity ?? 0;
  const money = (cents: number | null) => moneyIn(currency, cents);
  return {
    id: row.id,
    auctionId: row.auction_id,
    lotNumber: row.lot_number,
    type: row.type,
    status: statusOf(row, now),
    translations: row.translations,
    photos: row.photos,
    mainPhotoFullPath_Medium: row.photos[0]?.fullPath_Medium ?? null,
    itemCategories: row.category_ids.map((id) => ({ id })),
    auctionClosingGroupId: row.closing_group_id,
    startingBid: money(row.starting_bid),
    lastBid: money(row.price ?? null),
    minimumIncrement: money(row.minimum_increment),
    valuation: money(row.valuation),
    multiSalePrice: money(row.multi_sale_price),
    multiSaleQuantity: row.multi_sale_quantity,
    soldQuantity: sold,
    remainingQuantity: isFixedPrice && row.multi_sale_quantity !== null ? row.multi_sale_quantity - sold : null,
    maxPerBidder: row.max_per_bidder,
    isDonation: row.is_donation,
    isHidden: row.is_hidden ?? row.configured_hidden,
    isFavorite: row.is_favorite,
    winnerUserId: row.winner_id ?? null,
    winningUserId: row.leader_id ?? null,
    auctionWinner: row.winner_id ? row.leader_nick_name : null,
    winnerName: row.winner_id ? row.leader_nick_name : null,
    lastBidder: row.leader_nick_name,
    bidders: row.bidder_ids ?? [],
    bidCount: row.bid_count ?? 0,
    isWinning: userId !== null && row.leader_id === userId,
    offeredBy: row.offered_by,
    additionalInfoExternalUrl: row.additional_info_external_url,
    organizationTeamId: row.organization_team_id,
    dateCompletedUtc: endsAt(row).toISOString(),
    initialDateCompleted: new Date(row.initial_ends_at ?? row.date_completed).toISOString(),
    dateTurningRed: dateTurningRed(row).toISOString(),
    allowsTimeExtension: row.allows_time_extension,
    extensionDurationInMinutes: row.extension_duration_in_minutes,
    extensionDurationMaximumMinutes: row.extension_duration_maximum_minutes,
    minutesLeftBeforeAllowingExtension: row.minutes_left_before_allowing_extension,
    userMaxBid: money(row.user_max_bid),
    userBanner: userId
      ? userBannerOf(
          {
            userId,
            isFixedPrice,
            isDonation: row.is_donation,
            status: row.status ?? 2,
            auctionStatus: row.auction_status,
            endsAt: endsAt(row),
            price: row.price ?? null,
            leaderId: row.leader_id ?? null,
            winnerId: row.winner_id ?? null,
            bidderIds: row.bidder_ids ?? [],
            ownedQuantity: row.owned_quantity,
            userMaxBid: row.user_max_bid,
          },
          now,
        )
      : null,
  };
}

export type LotItemDto = ReturnType<typeof lotItemDto>;
