import { AuctionStatus } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { lotImport } from '../../src/bulk/lotImport.ts';
import { HttpError } from '../../src/errors.ts';
import { demoOrganizationId } from '../fixtures/demoOrganizationAuction.ts';
import { useTestApp } from '../useTestApp.ts';

const test = useTestApp();

const HEADER = 'lotNumber;nameFr;startingBid;minimumIncrement;team;dateCompleted';

describe('a lot import stopped partway by a change made meanwhile', () => {
  it('announces the lots created before the row that failed, and says how many and where', async () => {
    const { app } = test;
    const { db } = test.database;
    const organizationId = await demoOrganizationId(db);
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'manager@demo.local')
      .executeTakeFirstOrThrow();
    const team = await app.organizationRepository.addTeam(organizationId, {
      translations: { fr: 'Équipe éphémère' },
    });
    // The team is removed by another operator once the first lot is created, before the second.
    const lots = {
      ...app.operatorLotRepository,
      async create(...args: Parameters<typeof app.operatorLotRepository.create>) {
        if (args[1].lotNumber === 802) await app.organizationRepository.removeTeam(team.id);
        return app.operatorLotRepository.create(...args);
      },
    };
    const imports = lotImport({ db: app.db, lots, lotCommands: app.lotCommands });
    const csv = [
      HEADER,
      '801;Vase;10;1;Équipe éphémère;2026-12-05T21:00:00Z',
      '802;Lampe;10;1;Équipe éphémère;2026-12-05T21:00:00Z',
    ].join('\n');
    const announced: number[] = [];
    const auction = {
      auctionId: test.galaId,
      organizationId: organizationId,
      auctionStatus: AuctionStatus.Active,
      userId: manager.id,
      auctionActive: true,
    };

    const failure = await imports
      .run(auction, csv, async (ids) => {
        announced.push(...ids);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      statusCode: 400,
      message: 'team_not_found',
      extra: { created: 1, alreadyImported: 0, line: 3 },
    });
    const created = await db
      .selectFrom('lots')
      .select(['id', 'lot_number'])
      .where('auction_id', '=', test.galaId)
      .where('lot_number', 'in', [801, 802])
      .execute();
    expect(created.map((lot) => lot.lot_number)).toEqual([801]);
    expect(announced).toEqual(created.map((lot) => lot.id));
  });
});
