import { AuctionStatus, type operator } from '@auction/contract';
import type { Db } from '@auction/platform';
import type { z } from 'zod';
import { toAuctionDto } from '../auctions/auctionDto.ts';
import { type AuctionRow, findAuction, listOrganizationAuctions } from '../auctions/auctionRepository.ts';
import { type AuctionFields, auctionColumns } from './auctionFields.ts';

export type OperatorAuctionDto = z.output<typeof operator.operatorAuction>;

/**
 * What the public sees, plus the access code that admits bidders to a private auction (operators
 * only). Typed as the contract's answer: the DTO's translation lists are typed loosely (a name or a
 * tab's texts), and the response schema checks the shape of every answer anyway.
 */
const operatorAuctionDto = (row: AuctionRow) =>
  ({
    ...toAuctionDto(row),
    accessCode: row.access_code,
    // Operators' settings bidders never see (docs/payments.md), so only this answer carries them.
    donationReceiptMinimumCents: Number(row.donation_receipt_minimum_cents),
    chargeAutomaticallyAtCompletion: row.charge_automatically_at_completion,
  }) as OperatorAuctionDto;

/** What an edit compares against: the auction's dates, merged settings and card requirement before it. */
export interface AuctionBefore {
  datePreOpen: Date | null;
  dateOpen: Date | null;
  dateCompleted: Date | null;
  requireCCToBid: boolean;
  colors: object;
  footer: object;
  integrations: object;
}

/** Auctions as operators write them (spec 001 §3, issue 5 §4); reads go through auctions/auctionRepository.ts. */
export interface OperatorAuctionRepository {
  find(auctionId: number): Promise<OperatorAuctionDto | undefined>;
  /** Every auction of the organisations (null: all), whatever its status. */
  list(organizationIds: readonly number[] | null): Promise<OperatorAuctionDto[]>;
  /** Whether another auction answers that link (compared without case). */
  linkTaken(urlMagicLink: string, exceptId: number | null): Promise<boolean>;
  before(auctionId: number): Promise<AuctionBefore>;
  /** Creates the auction with its translations and donation presets; answers its id. */
  create(
    organizationId: number,
    status: number | undefined,
    fields: AuctionFields & { urlMagicLink: string },
  ): Promise<number>;
  /** Changes the fields given; colours, footer and integrations are merged into what they were. */
  update(auctionId: number, before: AuctionBefore, fields: AuctionFields): Promise<void>;
  /**
   * Moves the auction from `from` to `to` when it is still at `from` (a worker or another operator
   * may have moved it meanwhile); answers whether it moved.
   */
  moveStatus(auctionId: number, from: number, to: number): Promise<boolean>;
}

export function operatorAuctionRepository(db: Db): OperatorAuctionRepository {
  return {
    async find(auctionId) {
      const row = await findAuction(db, auctionId);
      return row && operatorAuctionDto(row);
    },
    async list(organizationIds) {
      return (await listOrganizationAuctions(db, organizationIds)).map(operatorAuctionDto);
    },
    async linkTaken(urlMagicLink, exceptId) {
      let query = db
        .selectFrom('auctions')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['url_magic_link']), '=', urlMagicLink.toLowerCase()));
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    async before(auctionId) {
      const row = await db.selectFrom('auctions').selectAll().where('id', '=', auctionId).executeTakeFirstOrThrow();
      return {
        datePreOpen: row.date_pre_open,
        dateOpen: row.date_open,
        dateCompleted: row.date_completed,
        requireCCToBid: row.require_cc_to_bid,
        colors: row.colors,
        footer: row.footer,
        integrations: row.integrations,
      };
    },
    create(organizationId, status, fields) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('auctions')
          .values({
            ...auctionColumns(fields),
            organization_id: organizationId,
            url_magic_link: fields.urlMagicLink,
            ...(status ? { status } : {}),
            colors: JSON.stringify(fields.colors ?? {}),
            footer: JSON.stringify(fields.footer ?? {}),
            integrations: JSON.stringify(fields.integrations ?? {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await saveAuctionParts(trx as unknown as Db, row.id, fields);
        return row.id;
      });
    },
    async update(auctionId, before, fields) {
      await db.transaction().execute(async (trx) => {
        const columns = {
          ...auctionColumns(fields),
          ...(fields.colors ? { colors: JSON.stringify({ ...before.colors, ...fields.colors }) } : {}),
          ...(fields.footer ? { footer: JSON.stringify({ ...before.footer, ...fields.footer }) } : {}),
          ...(fields.integrations
            ? { integrations: JSON.stringify({ ...before.integrations, ...fields.integrations }) }
            : {}),
        };
        if (Object.keys(columns).length)
          await trx.updateTable('auctions').set(columns).where('id', '=', auctionId).execute();
        await saveAuctionParts(trx as unknown as Db, auctionId, fields);
      });
    },
    async moveStatus(auctionId, from, to) {
      const moved = await db
        .updateTable('auctions')
        .set({
          status: to,
          // Spec 001 §4: Completed makes the auction unavailable; PreOpen and Active make it available.
          ...(to === AuctionStatus.Completed ? { is_available: false, completed_date: new Date() } : {}),
          ...(to === AuctionStatus.PreOpen || to === AuctionStatus.Active ? { is_available: true } : {}),
        })
        .where('id', '=', auctionId)
        .where('status', '=', from)
        .executeTakeFirst();
      return moved.numUpdatedRows > 0n;
    },
  };
}

/** Translations and donation presets: the languages given are replaced, presets replaced as a list. */
async function saveAuctionParts(trx: Db, auctionId: number, fields: AuctionFields) {
  for (const languageCode of ['en', 'fr'] as const) {
    const text = fields.translations?.[languageCode];
    if (!text) continue;
    const values = {
      title_short: text.titleShort,
      description: text.description ?? '',
      team_appellation: text.teamAppellation ?? null,
    };
    await trx
      .insertInto('auction_translations')
      .values({ auction_id: auctionId, language_code: languageCode, ...values })
      .onConflict((oc) => oc.columns(['auction_id', 'language_code']).doUpdateSet(values))
      .execute();
  }
  if (fields.donations) {
    await trx.deleteFrom('donation_presets').where('auction_id', '=', auctionId).execute();
    if (fields.donations.length) {
      await trx
        .insertInto('donation_presets')
        .values(
          fields.donations.map((preset, order) => ({
            auction_id: auctionId,
            order,
            amount: preset.amount ?? null,
            is_other_amount: preset.isOtherAmount ?? false,
          })),
        )
        .execute();
    }
  }
}
