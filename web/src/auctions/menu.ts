import { Role } from '../account/session.ts';
import { AuctionStatus, type AuctionTab, DonationType } from './types.ts';

export interface MenuVisibility {
  favorites: boolean;
  leaderboard: boolean;
  winners: boolean;
  donations: boolean;
}

/**
 * Spec 001 §2 header rules: favourites and leaderboard in Active, Completed, InvoiceGenerated;
 * winners in Completed and InvoiceGenerated; donations only in Active with an Internal or External
 * donation type; nothing for a locked bidder.
 */
export function menuVisibility(status: number, donationType: number | undefined, locked: boolean): MenuVisibility {
  if (locked) return { favorites: false, leaderboard: false, winners: false, donations: false };
  const over = status === AuctionStatus.Completed || status === AuctionStatus.InvoiceGenerated;
  return {
    favorites: status === AuctionStatus.Active || over,
    leaderboard: status === AuctionStatus.Active || over,
    winners: over,
    donations:
      status === AuctionStatus.Active &&
      (donationType === DonationType.Internal || donationType === DonationType.External),
  };
}

/**
 * Spec 001 §2 tab overflow: on large screens with 4 or more tabs the first 2 go in the bar and the
 * rest in the dropdown; with fewer, the first 3 show; on mobile all go in the dropdown. By order.
 */
export function splitTabs<T extends Pick<AuctionTab, 'order'>>(tabs: readonly T[], largeScreen: boolean) {
  const sorted = [...tabs].sort((a, b) => a.order - b.order);
  if (!largeScreen) return { inBar: [] as T[], inDropdown: sorted };
  const shown = sorted.length >= 4 ? 2 : 3;
  return { inBar: sorted.slice(0, shown), inDropdown: sorted.slice(shown) };
}

/** Spec 000 §6: only volunteers, administrators and auction managers see the invite entry. */
export function canInvite(roles: readonly number[]): boolean {
  return roles.some((role) => role === Role.Administrator || role === Role.AuctionManager || role === Role.Volunteer);
}

export function tabTranslation(tab: AuctionTab, locale: string) {
  return tab.translations.find((t) => t.languageCode === locale) ?? tab.translations[0];
}
