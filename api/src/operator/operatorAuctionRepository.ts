import { AuctionStatus, type operator } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import type { z } from 'zod';
import { knownIntegrations, toAuctionDto } from '../auctions/auctionDto.ts';
import { type AuctionRow, findAuction, listOrganizationAuctions } from '../auctions/auctionRepository.ts';
import { HttpError } from '../errors.ts';
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
  organizationId: number;
  datePreOpen: Date | null;
  dateOpen: Date | null;
  dateCompleted: Date | null;
  requireCCToBid: boolean;
  colors: object;
  footer: object;
  integrations: Readonly<Record<string, unknown>>;
}

/** Auctions as operators write them (spec 001 §3, issue 5 §4); reads go through auctions/auctionRepository.ts. */
export interface OperatorAuctionRepository {
  find(auctionId: number): Promise<OperatorAuctionDto | undefined>;
  /** Every auction of the organisations (null: all), whatever its status. */
  list(organizationIds: readonly number[] | null): Promise<OperatorAuctionDto[]>;
  /** Whether another auction answers that link (compared without case). */
  linkTaken(urlMagicLink: string, exceptId: number | null): Promise<boolean>;
  before(auctionId: number): Promise<AuctionBefore>;
  /**
   * Creates the auction with its translations and donation presets; answers its id. Here and in
   * `update`, a `stripeInformationId` that is not one of the organisation's company's payment
   * configurations is refused (400 `stripe_information_not_found`) before anything is written.
   */
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
        organizationId: row.organization_id,
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
        await refuseForeignStripeInformation(trx as unknown as Db, organizationId, fields.stripeInformationId);
        const row = await trx
          .insertInto('auctions')
          .values({
            ...auctionColumns(fields),
            organization_id: organizationId,
            url_magic_link: fields.urlMagicLink,
            ...(status ? { status } : {}),
            colors: JSON.stringify(fields.colors ?? {}),
            footer: JSON.stringify(fields.footer ?? {}),
            integrations: JSON.stringify(knownIntegrations(fields.integrations ?? {})),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await saveAuctionParts(trx as unknown as Db, row.id, fields);
        return row.id;
      });
    },
    async update(auctionId, before, fields) {
      await db.transaction().execute(async (trx) => {
        await refuseForeignStripeInformation(trx as unknown as Db, before.organizationId, fields.stripeInformationId);
        const columns = {
          ...auctionColumns(fields),
          ...(fields.colors ? { colors: JSON.stringify({ ...before.colors, ...fields.colors }) } : {}),
          ...(fields.footer ? { footer: JSON.stringify({ ...before.footer, ...fields.footer }) } : {}),
          // Those given replace theirs; null removes one, and a key of another name stored before
          // the keys were checked goes too (knownIntegrations keeps only the known, with a value).
          ...(fields.integrations
            ? { integrations: JSON.stringify(knownIntegrations({ ...before.integrations, ...fields.integrations })) }
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

/**
 * Bidders add their cards under the auction's payment configuration (spec 000 §7), so it must be
 * one of its organisation's company's (as `GET /api/dropdowns/stripeinformations/{companyId}`
 * lists them): an unknown id would leave nobody able to add a card, and another company's would
 * take the cards, and the charges, into that company's Stripe account. The row is held (FOR KEY
 * SHARE) until the edit commits, so it cannot be removed in between. Null (the company's first,
 * payments/cardSql.ts) and an absent field need no check.
 */
async function refuseForeignStripeInformation(trx: Db, organizationId: number, stripeInformationId?: number | null) {
  if (stripeInformationId === undefined || stripeInformationId === null) return;
  const { rows } = await sql<{ id: number }>`
    SELECT si.id FROM stripe_informations si
    JOIN organizations o ON o.company_id = si.company_id
    WHERE si.id = ${stripeInformationId} AND o.id = ${organizationId}
    FOR KEY SHARE OF si`.execute(trx);
  if (rows.length === 0) {
    throw new HttpError(400, 'validation_failed', {
      messages: ['stripe_information_not_found'],
      errors: [{ field: 'body.stripeInformationId', message: 'stripe_information_not_found' }],
    });
  }
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
