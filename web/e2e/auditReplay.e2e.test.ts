import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AuditExport, publicKeyText, takeCheckpoint, verifyExport } from '@auction/engine/audit';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import { memberWith, removeBidOf } from '../../api/test/fixtures/audit.ts';
import { acceptedBid, openLot } from '../../api/test/fixtures/lots.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, visitorContext } from './browserKit.ts';
import { demoGala, withServedApp } from './servedApp.ts';

/**
 * Issue 20 §3: an auditor, and an auction manager, step through a lot's stream in the browser (a
 * bid, a max that answers it, the max's removal with its reason and the standing before and
 * after), see the chain verified, and export the lot's replay and the auction's log, which the
 * offline verifier accepts.
 */
let t: TestApp & { galaId: number };
let browser: Browser;
let origin: string;
let lotNumber: number;
let organizationId: number;
let auditorToken: string;
/** The key this test's checkpoint is signed with, named to the verifier: an audit key another run left in `.data/` must not be the one it trusts. */
const checkpointKey = generateKeyPairSync('ed25519').privateKey;

const ROOT = resolve(import.meta.dirname, '../..');

withServedApp(async (served) => {
  ({ origin, browser } = served);
  const gala = await demoGala(served.t);
  organizationId = gala.organizationId;
  t = Object.assign(served.t, { galaId: gala.id });
  const { db } = t.database;
  const lotId = await openLot(t);
  lotNumber = (await db.selectFrom('lots').select('lot_number').where('id', '=', lotId).executeTakeFirstOrThrow())
    .lot_number;
  const [alice, bob, auditor] = await Promise.all([
    registerConfirmed(t, { firstName: 'Alice', lastName: 'Tremblay' }),
    registerConfirmed(t, { firstName: 'Bob', lastName: 'Gagnon' }),
    memberWith(t, [5], organizationId, { firstName: 'Odile', lastName: 'Vérif' }),
  ]);
  auditorToken = auditor.token;
  await acceptedBid(t, lotId, alice, 15);
  await acceptedBid(t, lotId, bob, 30, true);
  const admin = (await login(t.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token as string;
  await removeBidOf(t, admin, lotId, bob.id, 'Compte de complaisance');
  // A signed checkpoint over the log as it stands, as the workers take one every five minutes.
  await takeCheckpoint(t.database.pool, checkpointKey);
});

/** Clicks and reads the file the page saves. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) as string, 'utf8') };
}

const lotOption = (page: Page) => page.locator('option', { hasText: new RegExp(`^${lotNumber}\\b`) });

describe("the auditor's replay", () => {
  it('steps an auditor through a lot with a removal, in French, and exports what the verifier accepts', async () => {
    const context = await visitorContext(browser, { token: auditorToken }, DESKTOP);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${origin}/console`);
    await page.getByRole('heading', { name: 'Audit du journal des mises' }).waitFor();
    // The auditor operates nothing: no organisation or auction management.
    expect(await page.getByRole('heading', { name: 'Organismes' }).count()).toBe(0);
    await page.getByRole('button', { name: /Gala d’hiver 2026|Gala d'hiver 2026/ }).click();

    const exported = await download(page, 'Exporter le journal de l’encan');
    expect(exported.name).toBe(`auction-${t.galaId}-audit.json`);
    const report = verifyExport(JSON.parse(exported.text) as AuditExport);
    expect(report).toMatchObject({ problems: [], checkpointFaults: [] });
    // The command the screen names accepts the file as saved, with no database.
    const saved = join(mkdtempSync(join(tmpdir(), 'audit-')), exported.name);
    writeFileSync(saved, exported.text);
    const cli = spawnSync(
      'npx',
      ['tsx', 'scripts/audit-verify.ts', '--file', saved, '--public-key', publicKeyText(checkpointKey)],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(cli.status, cli.stdout + cli.stderr).toBe(0);

    await page.getByLabel('Lot à rejouer').selectOption({ label: (await lotOption(page).textContent()) ?? '' });
    await page.getByRole('heading', { name: 'Chaîne vérifiée' }).waitFor();
    await page.getByText(/garantit ce lot jusqu’à l’événement 5/).waitFor();
    await page.getByText('Étape 1 sur 4').waitFor();
    await page.getByRole('heading', { name: 'Lot ouvert' }).waitFor();
    await page.getByRole('button', { name: 'Étape suivante' }).click();
    await page.getByRole('heading', { name: 'Mise placée' }).waitFor();
    const step = page.locator('.audit__step');
    await step.getByText('Alice Tremblay').first().waitFor();
    await page.getByRole('button', { name: 'Étape suivante' }).click();
    await page.getByRole('heading', { name: 'Mise maximale placée' }).waitFor();
    // Bob's max answers Alice one increment over her: the standing after it says so.
    await step.getByText('MaxBidPlaced').waitFor();
    await step.getByText('BidPlaced', { exact: true }).waitFor();
    await step.locator('.audit__standing').getByText('16,00 $').waitFor();
    await expectAccessible(page, 'audit replay (fr)');
    await page.getByRole('button', { name: 'Dernière étape' }).click();
    await page.getByRole('heading', { name: 'Mise retirée' }).waitFor();
    await step.getByText('Motif : « Compte de complaisance »').waitFor();
    const before = step.locator('.audit__standing').filter({ hasText: 'Avant le retrait' });
    const after = step.locator('.audit__standing').filter({ hasText: 'Après le retrait' });
    await before.getByText('Bob Gagnon').first().waitFor();
    await after.getByText('Alice Tremblay').waitFor();
    await after.getByText('15,00 $').waitFor();
    await page.getByRole('button', { name: 'Étape précédente' }).click();
    await page.getByText('Étape 3 sur 4').waitFor();
    await page.getByRole('button', { name: /^4\. Mise retirée/ }).click();
    await page.getByText('Étape 4 sur 4').waitFor();
    await expectAccessible(page, 'audit removal (fr)');
    await screenshot(page, 'audit-fr-1280');

    const csv = await download(page, 'Exporter la relecture (CSV)');
    expect(csv.name).toMatch(/^lot-\d+-replay\.csv$/);
    const rows = csv.text.trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 5);
    expect(rows[5]).toContain('RemoveBid');
    expect(rows[5]).toContain('Compte de complaisance');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'audit-fr-390');
    await context.close();
  }, 120_000);

  it("lets an auction manager replay the same lot in the console's audit section, in English", async () => {
    const manager = (await login(t.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token as string;
    const context = await visitorContext(browser, { token: manager }, DESKTOP);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${origin}/en/console?organisation=${organizationId}&encan=${t.galaId}&section=audit`);
    await page.getByRole('heading', { name: /^Audit of / }).waitFor();
    await page.getByLabel('Lot to replay').selectOption({ label: (await lotOption(page).textContent()) ?? '' });
    await page.getByRole('heading', { name: 'Chain verified' }).waitFor();
    // The slider jumps: two steps right from the first.
    await page.getByRole('slider', { name: 'Go to step' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Maximum bid placed' }).waitFor();
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByRole('heading', { name: 'Bid removed' }).waitFor();
    await page.getByText('removed the bid of').waitFor();
    await page.locator('.audit__standing').filter({ hasText: 'After the removal' }).getByText('$15.00').waitFor();
    await expectAccessible(page, 'audit removal (en)');
    await screenshot(page, 'audit-en-1280');

    const json = await download(page, 'Export the replay (JSON)');
    const replay = JSON.parse(json.text);
    expect(replay.steps.map((s: { command: string }) => s.command)).toEqual([
      'OpenLot',
      'PlaceBid',
      'PlaceMaxBid',
      'RemoveBid',
    ]);
    expect(replay.verification.status).toBe('verified');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'audit-en-390');
    await context.close();
  }, 120_000);
});
