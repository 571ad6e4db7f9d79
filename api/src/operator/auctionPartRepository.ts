import { LotStatus } from '@auction/contract';
import { type Db, sanitizeRichText } from '@auction/platform';
import { withHttpPrefix } from '../auctions/auctionDto.ts';
import { HttpError } from '../errors.ts';
import { MAX_BANNERS_PER_AUCTION } from '../media/photoRules.ts';

/** Categories and tabs: an auction's ordered entries with translations, one shape for both. */
export type OrderedEntryTable = 'item_categories' | 'auction_tabs';
const entryDto = (row: { id: number; order: number; translations: object }) => ({
  id: row.id,
  order: row.order,
  translations: row.translations,
});
export type OrderedEntryDto = ReturnType<typeof entryDto>;
/** What an entry gone since the caller's access check answers, as that check does (organizationAccess.ts). */
const ENTRY_NOT_FOUND: Record<OrderedEntryTable, string> = {
  item_categories: 'category_not_found',
  auction_tabs: 'tab_not_found',
};
/** Every table of an auction's parts shown in an order the operator sets. */
export type OrderedTable = OrderedEntryTable | 'auction_photos';

/** A tab's content is rich text shown as HTML on its page: stored already reduced to the shared allowlist. */
function storedTranslations(table: OrderedEntryTable, translations: object): string {
  if (table !== 'auction_tabs') return JSON.stringify(translations);
  const tabs = translations as Record<string, { content?: string } | undefined>;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(tabs).map(([language, tab]) => [
        language,
        tab?.content === undefined ? tab : { ...tab, content: sanitizeRichText(tab.content) },
      ]),
    ),
  );
}

const groupDto = (row: { id: number; ends_at: Date; is_hidden_in_menu: boolean; translations: object }) => ({
  id: row.id,
  dateCompleted: row.ends_at.toISOString(),
  isHiddenInMenu: row.is_hidden_in_menu,
  translations: row.translations,
});
export type ClosingGroupDto = ReturnType<typeof groupDto>;

export interface ClosingGroupChanges {
  translations?: object | undefined;
  dateCompleted?: Date | undefined;
  isHiddenInMenu?: boolean | undefined;
}

export interface PhotoFields {
  fullPath?: string | undefined;
  order?: number | undefined;
  interval?: number | undefined;
  bannerType?: 'image' | 'video' | undefined;
  videoUrl?: string | null | undefined;
  additionalLinkUrl?: string | null | undefined;
  isUsedInFrench?: boolean | undefined;
  isUsedInEnglish?: boolean | undefined;
  isUsedOnMobile?: boolean | undefined;
  isUsedOnComputer?: boolean | undefined;
  isUsedAsBackgroundImage?: boolean | undefined;
  isVideoAlwaysOnTop?: boolean | undefined;
  isUsedAsBannerInLeaderboard?: boolean | undefined;
}

function photoColumns(fields: PhotoFields) {
  const columns = {
    full_path: fields.fullPath,
    order: fields.order,
    interval: fields.interval,
    banner_type: fields.bannerType,
    video_url: fields.videoUrl,
    additional_link_url: fields.additionalLinkUrl === undefined ? undefined : withHttpPrefix(fields.additionalLinkUrl),
    is_used_in_french: fields.isUsedInFrench,
    is_used_in_english: fields.isUsedInEnglish,
    is_used_on_mobile: fields.isUsedOnMobile,
    is_used_on_computer: fields.isUsedOnComputer,
    is_used_as_background_image: fields.isUsedAsBackgroundImage,
    is_video_always_on_top: fields.isVideoAlwaysOnTop,
    is_used_as_banner_in_leaderboard: fields.isUsedAsBannerInLeaderboard,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/**
 * The parts of an auction an operator arranges (issue 5 §4): categories, tabs, closing groups and
 * banner photos. A photo is an address (a CDN, the organisation's site, or an uploaded banner's,
 * media/bannerPhotos.ts).
 */
export interface AuctionPartRepository {
  addEntry(
    table: OrderedEntryTable,
    auctionId: number,
    entry: { translations: object; order?: number | undefined },
  ): Promise<OrderedEntryDto>;
  /** 404 (`category_not_found`, `tab_not_found`) when it was removed since the caller's access check. */
  editEntry(
    table: OrderedEntryTable,
    id: number,
    changes: { translations?: object | undefined; order?: number | undefined },
  ): Promise<OrderedEntryDto>;
  removeEntry(table: OrderedEntryTable, id: number): Promise<void>;
  addClosingGroup(
    auctionId: number,
    group: ClosingGroupChanges & { translations: object; dateCompleted: Date },
  ): Promise<ClosingGroupDto>;
  /**
   * Edits the group in one transaction with `moveOpenLot`, called for each of its lots not yet
   * closed when the end moves (then their end column follows): a refusal there leaves the group
   * and its lots as they were. Removed since the caller's access check: 404 `closing_group_not_found`.
   */
  editClosingGroup(
    groupId: number,
    changes: ClosingGroupChanges,
    moveOpenLot: (lotId: number, endsAt: Date) => Promise<unknown>,
  ): Promise<ClosingGroupDto>;
  /** Removes it, its lots keeping their end; what waited for its end is cancelled by `userId`. */
  removeClosingGroup(groupId: number, userId: string): Promise<void>;
  addPhoto(auctionId: number, photo: PhotoFields & { fullPath: string }): Promise<{ id: number }>;
  editPhoto(photoId: number, changes: PhotoFields): Promise<void>;
  removePhoto(photoId: number): Promise<void>;
  /**
   * Numbers the auction's entries of one kind 0, 1, 2… in the order of `ids`, in one transaction.
   * `ids` must be exactly the auction's entries (an entry added or removed since the operator's
   * screen loaded answers 409 `order_list_changed`, changing nothing).
   */
  reorder(
    table: OrderedTable,
    auctionId: number,
    ids: readonly number[],
  ): Promise<Array<{ id: number; order: number }>>;
}

export function auctionPartRepository(db: Db): AuctionPartRepository {
  return {
    async addEntry(table, auctionId, { translations, order }) {
      const row = await db
        .insertInto(table)
        .values({
          auction_id: auctionId,
          translations: storedTranslations(table, translations),
          ...(order !== undefined ? { order } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return entryDto(row);
    },
    async editEntry(table, id, { translations, order }) {
      const row = await db
        .updateTable(table)
        .set({
          ...(translations ? { translations: storedTranslations(table, translations) } : {}),
          ...(order !== undefined ? { order } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      // Removed by another request after the caller's access check found it.
      if (!row) throw new HttpError(404, ENTRY_NOT_FOUND[table]);
      return entryDto(row);
    },
    async removeEntry(table, id) {
      await db.deleteFrom(table).where('id', '=', id).execute();
    },
    async addClosingGroup(auctionId, { translations, dateCompleted, isHiddenInMenu }) {
      const row = await db
        .insertInto('closing_groups')
        .values({
          auction_id: auctionId,
          ends_at: dateCompleted,
          translations: JSON.stringify(translations),
          ...(isHiddenInMenu !== undefined ? { is_hidden_in_menu: isHiddenInMenu } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return groupDto(row);
    },
    editClosingGroup(groupId, { translations, dateCompleted, isHiddenInMenu }, moveOpenLot) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('closing_groups')
          .set({
            ...(translations ? { translations: JSON.stringify(translations) } : {}),
            ...(dateCompleted ? { ends_at: dateCompleted } : {}),
            ...(isHiddenInMenu !== undefined ? { is_hidden_in_menu: isHiddenInMenu } : {}),
          })
          .where('id', '=', groupId)
          .returningAll()
          .executeTakeFirst();
        // Removed by another request after the caller's access check found it.
        if (!row) throw new HttpError(404, 'closing_group_not_found');
        if (dateCompleted) {
          const lots = await trx
            .selectFrom('lots as l')
            .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
            .select('l.id')
            .where('l.closing_group_id', '=', groupId)
            // A closed lot's end is history: moving the group does not rewrite it.
            .where((eb) => eb.or([eb('v.status', 'is', null), eb('v.status', '<=', LotStatus.InProgress)]))
            .execute();
          for (const lot of lots) {
            await moveOpenLot(lot.id, dateCompleted);
            await trx.updateTable('lots').set({ date_completed: dateCompleted }).where('id', '=', lot.id).execute();
          }
        }
        return groupDto(row);
      });
    },
    async removeClosingGroup(groupId, userId) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('lots').set({ closing_group_id: null }).where('closing_group_id', '=', groupId).execute();
        // "Closes in ten minutes" of a group that no longer closes anything is never sent. Waits
        // for a queuing that holds one: it then went out, and keeps saying which group it was for.
        await trx
          .updateTable('auction_announcements')
          .set({ cancelled_at: new Date(), cancelled_by: userId })
          .where('closing_group_id', '=', groupId)
          .where('queued_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .execute();
        await trx.deleteFrom('closing_groups').where('id', '=', groupId).execute();
      });
    },
    async addPhoto(auctionId, photo) {
      return db.transaction().execute(async (trx) => {
        // The same cap and lock as an uploaded banner (media/bannerPhotos.ts): by address or by
        // file, an auction shows at most MAX_BANNERS_PER_AUCTION.
        await trx.selectFrom('auctions').select('id').where('id', '=', auctionId).forUpdate().executeTakeFirstOrThrow();
        const { count } = await trx
          .selectFrom('auction_photos')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('auction_id', '=', auctionId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_BANNERS_PER_AUCTION) throw new HttpError(409, 'too_many_banners');
        return trx
          .insertInto('auction_photos')
          .values({ ...photoColumns(photo), auction_id: auctionId, full_path: photo.fullPath })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
    },
    async editPhoto(photoId, changes) {
      const columns = photoColumns(changes);
      if (Object.keys(columns).length) {
        await db.updateTable('auction_photos').set(columns).where('id', '=', photoId).execute();
      }
    },
    async removePhoto(photoId) {
      await db.deleteFrom('auction_photos').where('id', '=', photoId).execute();
    },
    reorder(table, auctionId, ids) {
      return db.transaction().execute(async (trx) => {
        // Locked, so two operators reordering at once are applied one after the other, each whole.
        const rows = await trx
          .selectFrom(table)
          .select(['id', 'order'])
          .where('auction_id', '=', auctionId)
          .forUpdate()
          .execute();
        const current = new Map(rows.map((row) => [row.id, row.order]));
        if (rows.length !== ids.length || ids.some((id) => !current.has(id))) {
          throw new HttpError(409, 'order_list_changed');
        }
        for (const [order, id] of ids.entries()) {
          if (current.get(id) !== order) await trx.updateTable(table).set({ order }).where('id', '=', id).execute();
        }
        return ids.map((id, order) => ({ id, order }));
      });
    },
  };
}
