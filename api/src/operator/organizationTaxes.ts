import { percentOfPpm } from '@auction/contract';
import type { Db, Translations } from '@auction/platform';

/** A tax as the console reads it: its names, its rate in percent and in millionths. */
export interface OrganizationTaxDto {
  translations: Translations;
  rate: number;
  ratePpm: number;
}

export interface OrganizationTaxes {
  /** The organisation's taxes in the order its invoices list them. */
  list(organizationId: number): Promise<OrganizationTaxDto[]>;
  /**
   * Puts these taxes in place of the organisation's, whole and in order; undefined when there is
   * no such organisation. Invoices already generated keep the taxes they were generated with.
   */
  replace(
    organizationId: number,
    taxes: ReadonlyArray<{ translations: Translations; ratePpm: number }>,
  ): Promise<OrganizationTaxDto[] | undefined>;
}

export function organizationTaxes(db: Db): OrganizationTaxes {
  const list = async (executor: Db, organizationId: number) => {
    const rows = await executor
      .selectFrom('organization_tax_rates')
      .select(['names', 'rate_ppm'])
      .where('organization_id', '=', organizationId)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ translations: row.names, rate: percentOfPpm(row.rate_ppm), ratePpm: row.rate_ppm }));
  };
  return {
    list: (organizationId) => list(db, organizationId),
    replace: (organizationId, taxes) =>
      db.transaction().execute(async (trx) => {
        // The organisation's row, locked, serialises two replacements: each deletes and writes
        // the whole list, so neither can meet the other's rows half written.
        const organization = await trx
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', organizationId)
          .forUpdate()
          .executeTakeFirst();
        if (!organization) return undefined;
        await trx.deleteFrom('organization_tax_rates').where('organization_id', '=', organizationId).execute();
        if (taxes.length > 0) {
          await trx
            .insertInto('organization_tax_rates')
            .values(
              taxes.map((tax, position) => ({
                organization_id: organizationId,
                position,
                names: JSON.stringify(tax.translations),
                rate_ppm: tax.ratePpm,
              })),
            )
            .execute();
        }
        return list(trx as unknown as Db, organizationId);
      }),
  };
}
