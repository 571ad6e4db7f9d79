import { type Db, sanitizeRichText } from '@auction/platform';
import { HttpError } from '../errors.ts';
import { type LotFields, lotColumns } from './lotFields.ts';

/**
 * Saves a lot's reference data (its row, texts, photos, categories) after checking that the team,
 * closing group and categories it names belong to its organisation and auction. A lot in a closing
 * group ends with the group. Creates the lot when `lotId` is null. Answers the lot's id and the end
 * the fields imply (null when they set none).
 */
export async function saveLotDetails(
  trx: Db,
  owner: { auctionId: number; organizationId: number },
  lotId: number | null,
  fields: LotFields,
): Promise<{ lotId: number; endsAt: Date | null }> {
  if (fields.organizationTeamId) {
    const team = await trx
      .selectFrom('organization_teams')
      .select('id')
      .where('id', '=', fields.organizationTeamId)
      .where('organization_id', '=', owner.organizationId)
      .executeTakeFirst();
    if (!team) throw new HttpError(400, 'team_not_found');
  }
  let endsAt = fields.dateCompleted ?? null;
  if (fields.auctionClosingGroupId) {
    const group = await trx
      .selectFrom('closing_groups')
      .select('ends_at')
      .where('id', '=', fields.auctionClosingGroupId)
      .where('auction_id', '=', owner.auctionId)
      .executeTakeFirst();
    if (!group) throw new HttpError(400, 'closing_group_not_found');
    endsAt = group.ends_at;
  }
  if (fields.itemCategoryIds?.length) {
    const found = await trx
      .selectFrom('item_categories')
      .select('id')
      .where('id', 'in', fields.itemCategoryIds)
      .where('auction_id', '=', owner.auctionId)
      .execute();
    if (found.length !== new Set(fields.itemCategoryIds).size) throw new HttpError(400, 'category_not_found');
  }

  const columns = { ...lotColumns(fields), ...(endsAt ? { date_completed: endsAt } : {}) };
  let id: number;
  if (lotId === null) {
    if (!endsAt) throw new HttpError(400, 'date_completed_required');
    const row = await trx
      .insertInto('lots')
      .values({ ...columns, auction_id: owner.auctionId, date_completed: endsAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    id = lotId;
    if (Object.keys(columns).length) await trx.updateTable('lots').set(columns).where('id', '=', id).execute();
  }

  for (const languageCode of ['en', 'fr'] as const) {
    const text = fields.translations?.[languageCode];
    if (!text) continue;
    const values = {
      name: text.name,
      // Rich text, shown as HTML on the lot page: stored already reduced to the shared allowlist.
      description: sanitizeRichText(text.description ?? ''),
      information: sanitizeRichText(text.information ?? ''),
      shipping_information: sanitizeRichText(text.shippingInformation ?? ''),
    };
    await trx
      .insertInto('lot_translations')
      .values({ lot_id: id, language_code: languageCode, ...values })
      .onConflict((oc) => oc.columns(['lot_id', 'language_code']).doUpdateSet(values))
      .execute();
  }
  if (fields.photos) {
    await trx.deleteFrom('lot_photos').where('lot_id', '=', id).execute();
    if (fields.photos.length) {
      await trx
        .insertInto('lot_photos')
        .values(
          fields.photos.map((photo, i) => ({
            lot_id: id,
            order: photo.order ?? i,
            full_path_large: photo.fullPathLarge,
            full_path_medium: photo.fullPathMedium ?? photo.fullPathLarge,
            description: photo.description ?? null,
          })),
        )
        .execute();
    }
  }
  if (fields.itemCategoryIds) {
    await trx.deleteFrom('lot_categories').where('lot_id', '=', id).execute();
    const ids = [...new Set(fields.itemCategoryIds)];
    if (ids.length) {
      await trx
        .insertInto('lot_categories')
        .values(ids.map((category_id) => ({ lot_id: id, category_id })))
        .execute();
    }
  }
  return { lotId: id, endsAt };
}
