import type { LotImportPreview } from '@auction/contract';
import { lotStreamId } from '@auction/engine';
import { describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'manager', 'volunteer');

const HEADER = 'lotNumber;type;nameFr;nameEn;startingBid;minimumIncrement;category;closingGroup;team;dateCompleted';
const preview = (csv: string, token = staff.manager) =>
  callAs(test.app, token, 'POST', `/api/admin/auctions/${test.galaId}/lot-import/preview`, { csv });
const runImport = (csv: string, token = staff.manager) =>
  callAs(test.app, token, 'POST', `/api/admin/auctions/${test.galaId}/lot-import`, { csv });
const lotCount = async () =>
  Number(
    (
      await test.database.db
        .selectFrom('lots')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('auction_id', '=', test.galaId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the CSV import of lots', () => {
  const good = [
    HEADER,
    '501;live;Séjour au chalet;Cottage stay;"1 250,50";10;Expériences;Grande finale;Équipe bleue;',
    '502;;Panier gourmand;Gourmet basket;75;5;gastronomie et vins;;;2026-12-05T21:00:00-05:00',
  ].join('\r\n');

  it('previews every row without creating anything, then creates the lots opened in the engine, once', async () => {
    const before = await lotCount();
    const shown = await preview(good);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ newCount: 2, importedCount: 0, invalidCount: 0, fileProblems: [] });
    expect(await lotCount()).toBe(before);

    const imported = await runImport(`\uFEFF${good}`);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 2, alreadyImported: 0 });
    expect(await lotCount()).toBe(before + 2);
    const lot = await test.database.db
      .selectFrom('lots')
      .selectAll()
      .where('auction_id', '=', test.galaId)
      .where('lot_number', '=', 501)
      .executeTakeFirstOrThrow();
    expect(lot).toMatchObject({ type: 2, starting_bid: 125_050, minimum_increment: 1_000 });
    expect(lot.closing_group_id).not.toBeNull();
    const stream = await test.app.eventStore.readStream(lotStreamId(lot.id));
    expect(stream.map((e) => e.type)).toEqual(['LotOpened']);

    // The same file again: the preview says so, and the import creates nothing.
    expect((await preview(good)).json()).toMatchObject({ newCount: 0, importedCount: 2 });
    const again = await runImport(good);
    expect(again.json()).toEqual({ created: 0, alreadyImported: 2 });
    expect(await lotCount()).toBe(before + 2);
  });

  it('lists the problems of every row and creates nothing while any remains', async () => {
    const before = await lotCount();
    const bad = [
      HEADER,
      '601;;;;abc;1;Inconnue;;;2026-12-05T21:00:00Z',
      '602;;Vase;;10;1;;Groupe inconnu;;',
      '602;;Vase bis;;10;1;;;;2026-12-05T21:00:00Z',
      '603;;Lampe;;10;1;;;;2026-12-05T21:00:00Z',
    ].join('\n');
    const shown: LotImportPreview = (await preview(bad)).json();
    expect(shown.rows.map((r) => [r.line, r.outcome, r.problems.map((p) => p.key)])).toEqual([
      [2, 'invalid', ['translation_required', 'invalid_amount', 'category_not_found']],
      [3, 'invalid', ['closing_group_not_found', 'import_duplicate_lot_number']],
      [4, 'invalid', ['import_duplicate_lot_number']],
      [5, 'new', []],
    ]);
    const refused = await runImport(bad);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'import_has_problems', preview: { invalidCount: 3 } });
    expect(await lotCount()).toBe(before);
  });

  it("refuses a lot number the auction's own lots already use", async () => {
    const taken = await test.database.db
      .selectFrom('lots')
      .select('lot_number')
      .where('auction_id', '=', test.galaId)
      .where('lot_number', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const csv = `${HEADER}\n${taken.lot_number};;Doublon;;10;1;;;;2026-12-05T21:00:00Z`;
    expect((await preview(csv)).json().rows[0].problems).toEqual([
      { column: 'lotNumber', key: 'import_lot_number_taken' },
    ]);
  });

  it('refuses, before creating anything, a row whose lot an earlier import created and that was renumbered since', async () => {
    const row = (n: number, name: string) => `${n};;${name};;10;1;;;;2026-12-05T21:00:00Z`;
    const first = [HEADER, row(710, 'Vase'), row(711, 'Lampe')].join('\n');
    expect((await runImport(first)).json()).toEqual({ created: 2, alreadyImported: 0 });
    const vase = await test.database.db
      .selectFrom('lots')
      .select('id')
      .where('auction_id', '=', test.galaId)
      .where('lot_number', '=', 710)
      .executeTakeFirstOrThrow();
    const renumbered = await callAs(test.app, staff.manager, 'PATCH', `/api/admin/lots/${vase.id}`, { lotNumber: 720 });
    expect(renumbered.statusCode, renumbered.body).toBe(200);

    // Lot 710's command id already opened the vase, now 720: the row can never be created again.
    const before = await lotCount();
    const next = [HEADER, row(709, 'Tableau'), row(710, 'Nouveau vase')].join('\n');
    const shown: LotImportPreview = (await preview(next)).json();
    expect(shown.rows.map((r) => [r.lotNumber, r.outcome, r.problems])).toEqual([
      [709, 'new', []],
      [710, 'invalid', [{ column: 'lotNumber', key: 'import_lot_number_changed' }]],
    ]);
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await runImport(next);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        message: 'import_has_problems',
        preview: { newCount: 1, invalidCount: 1 },
      });
      expect(await lotCount()).toBe(before);
    }
    // 720 is the vase's number now, a lot that row's command id did not open: taken.
    expect((await preview([HEADER, row(720, 'Vase')].join('\n'))).json().rows[0].problems).toEqual([
      { column: 'lotNumber', key: 'import_lot_number_taken' },
    ]);
    // Without that row, the file imports.
    expect((await runImport([HEADER, row(709, 'Tableau')].join('\n'))).json()).toEqual({
      created: 1,
      alreadyImported: 0,
    });
  });

  it('refuses a file that is not a lot file, and callers who are not its operators', async () => {
    expect((await preview('bonjour,monde\n1,2')).json().fileProblems).toEqual([
      { column: 'bonjour', key: 'import_unknown_column' },
      { column: 'monde', key: 'import_unknown_column' },
      { column: 'lotNumber', key: 'import_missing_column' },
      { column: 'nameFr', key: 'import_missing_column' },
    ]);
    expect((await runImport('')).statusCode).toBe(400);
    const bidder = await registerConfirmed(test);
    for (const token of [staff.volunteer, bidder.token]) {
      expect((await preview(good, token)).statusCode).toBe(403);
      expect((await runImport(good, token)).statusCode).toBe(403);
    }
  });
});
