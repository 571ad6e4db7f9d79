// @vitest-environment jsdom
import { AuctionStatus, type LiveLot, LotStatus } from '@auction/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StageSection from '../../../src/console/stage/StageSection.tsx';
import type { Locale } from '../../../src/i18n/routes.ts';
import type { apiStub } from '../../paymentFixtures.ts';
import { renderSection } from '../renderSection.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HUGO = '0b9d2a5e-1111-4c4c-9d9d-0123456789ab';
const LEA = '7f3c1e2a-2222-4c4c-9d9d-0123456789ab';

const liveLot = (overrides: Partial<LiveLot> = {}): LiveLot => ({
  auctionLotItemId: 40,
  lotNumber: 12,
  translations: { fr: 'Toile', en: 'Painting' },
  status: LotStatus.ClosedWon,
  isHidden: false,
  startingBid: null,
  valuation: null,
  price: { value: 250, currencyCode: 'CAD' },
  soldOnStage: true,
  corrected: false,
  winner: { userId: HUGO, name: 'Hugo Tremblay' },
  ...overrides,
});

const lea = {
  userId: LEA,
  firstName: 'Léa',
  lastName: 'Roy',
  nickName: 'lea',
  email: 'lea@example.com',
  phoneNumber: '(514) 555-0101',
  status: 2,
  hasSmsStop: false,
  arrivedAt: '2026-11-23T23:00:00Z',
  arrivedBy: 'Marc Roy',
  bidderNumber: 31,
};

const correctedAnswer = (lot: Partial<LiveLot>) => ({ duplicate: false, lot: liveLot({ ...lot, corrected: true }) });

/** The stage section of auction 12 in `status`, its API answered by `answers` (the network boundary's double). */
const showStage = (answers: Parameters<typeof apiStub>[0], status: number = AuctionStatus.Active, locale?: Locale) =>
  renderSection(StageSection, answers, { auction: { status }, ...(locale ? { locale } : {}) });

/** Lot 12's card once the list is shown. */
const card = async (name = /Painting/) =>
  (await screen.findByText(name, { selector: 'strong' })).closest('li') as HTMLElement;

const posts = (api: ReturnType<typeof apiStub>) => api.calls.filter((call) => call.method === 'POST');

describe('correcting a sale on stage', () => {
  const lots = [
    liveLot(),
    liveLot({ auctionLotItemId: 41, lotNumber: 13, translations: { en: 'Online jersey' }, soldOnStage: false }),
    liveLot({
      auctionLotItemId: 42,
      lotNumber: 14,
      translations: { en: 'Open basket' },
      status: LotStatus.InProgress,
      price: null,
      soldOnStage: false,
      winner: null,
    }),
    liveLot({ auctionLotItemId: 43, lotNumber: 15, translations: { en: 'Fixed vase' }, corrected: true }),
  ];

  it('is offered for a sale on stage only, and says when a sale was corrected', async () => {
    showStage({ 'GET /api/admin/auctions/12/live-lots': [200, lots] });
    expect(within(await card()).getByRole('button', { name: 'Correct the sale' })).toBeTruthy();
    const online = await card(/Online jersey/);
    expect(within(online).getByText('Won online by Hugo Tremblay for $250.00')).toBeTruthy();
    expect(within(online).queryByRole('button')).toBeNull();
    expect(within(await card(/Open basket/)).getByRole('button', { name: 'Record the sale' })).toBeTruthy();
    const fixed = await card(/Fixed vase/);
    expect(within(fixed).getByText('Sold on stage to Hugo Tremblay for $250.00 (corrected)')).toBeTruthy();
    expect(within(fixed).getByRole('button', { name: 'Correct the sale' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Correct the sale' })).toHaveLength(2);
  });

  it.each([
    ['generated', AuctionStatus.InvoiceGenerated],
    ['archived', AuctionStatus.Archived],
  ])('is not offered once the invoices exist (auction %s)', async (_, status) => {
    showStage({ 'GET /api/admin/auctions/12/live-lots': [200, lots] }, status);
    expect(within(await card()).getByText('Sold on stage to Hugo Tremblay for $250.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Correct the sale' })).toBeNull();
  });

  it('starts from the winner and the price, requires a reason, then corrects to another winner once', async () => {
    const api = showStage({
      'GET /api/admin/auctions/12/live-lots': [200, [liveLot()]],
      'GET /api/check-in/auctions/12/guests': [200, { guests: [lea], matchCount: 1, guestCount: 2, arrivedCount: 2 }],
      'POST /api/admin/lots/40/live-sale/correction': [
        200,
        correctedAnswer({ price: { value: 300, currencyCode: 'CAD' }, winner: { userId: LEA, name: 'Léa Roy' } }),
      ],
    });
    const lot = await card();
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    expect(within(lot).getByText('Winner: Hugo Tremblay')).toBeTruthy();
    const amount = within(lot).getByLabelText('Hammer price ($)') as HTMLInputElement;
    expect(amount.value).toBe('250.00');
    // Without a reason nothing is sent.
    fireEvent.change(amount, { target: { value: '300' } });
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    await within(lot).findByText("Say why the sale is corrected: the reason is kept in the lot's history.");
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(lot).getByRole('button', { name: 'Choose another winner' }));
    fireEvent.change(within(lot).getByLabelText('Winner: bidder number, name, email or phone'), {
      target: { value: 'Roy' },
    });
    fireEvent.click(await within(lot).findByRole('button', { name: /Léa Roy/ }));
    expect(within(lot).getByText('Winner: Léa Roy')).toBeTruthy();
    // What was typed before choosing another winner is kept.
    expect((within(lot).getByLabelText('Hammer price ($)') as HTMLInputElement).value).toBe('300');
    fireEvent.change(within(lot).getByLabelText('Why is the sale corrected?'), {
      target: { value: ' Paddle misread ' },
    });
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Correct the sale of lot 12?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        "Lot 12 · Painting: sold to Léa Roy for $300.00 instead of Hugo Tremblay for $250.00. Hugo Tremblay will be told they do not win it; Léa Roy will be told they win it and will be invoiced this amount. The correction and its reason are kept in the lot's history.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correct the sale' }));
    await screen.findByText('Lot 12 now sold to Léa Roy for $300.00.');
    expect(within(lot).getByText('Sold on stage to Léa Roy for $300.00 (corrected)')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api)).toHaveLength(1);
    const body = posts(api)[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ bidderId: LEA, amount: '300.00', reason: 'Paddle misread' });
    expect(body.commandId).toHaveLength(36);
    expect(Object.keys(body).sort()).toEqual(['amount', 'bidderId', 'commandId', 'reason']);
  });

  it('corrects the price alone, shows a refusal inside the dialog, and draws one command id per confirmation', async () => {
    const api = showStage({
      'GET /api/admin/auctions/12/live-lots': [200, [liveLot()]],
      'POST /api/admin/lots/40/live-sale/correction': [
        [409, { message: 'live_sale_unchanged', messages: ['live_sale_unchanged'] }],
        [409, { message: 'live_sale_unchanged', messages: ['live_sale_unchanged'] }],
        [200, correctedAnswer({ price: { value: 275, currencyCode: 'CAD' } })],
      ],
    });
    const lot = await card();
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    fireEvent.change(within(lot).getByLabelText('Hammer price ($)'), { target: { value: '275' } });
    fireEvent.change(within(lot).getByLabelText('Why is the sale corrected?'), { target: { value: 'Price mistyped' } });
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "Lot 12 · Painting: sold to Hugo Tremblay for $275.00 instead of $250.00. Hugo Tremblay will be told the corrected price and will be invoiced this amount. The correction and its reason are kept in the lot's history.",
      ),
    ).toBeTruthy();
    // Another operator corrected it the same way meanwhile: the API's refusal stays in the dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correct the sale' }));
    await within(dialog).findByText(
      'This winner and this hammer price are the ones already recorded: there is nothing to correct.',
    );
    // A retry from the same confirmation sends the same command.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correct the sale' }));
    await vi.waitFor(() => expect(posts(api)).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // A new confirmation is a new command.
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correct the sale' }));
    await screen.findByText('Lot 12 now sold to Hugo Tremblay for $275.00.');
    const ids = posts(api).map((call) => (call.body as { commandId: string }).commandId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(posts(api)[2]?.body).toMatchObject({ bidderId: HUGO, amount: '275.00', reason: 'Price mistyped' });
    expect(within(lot).getByText('Sold on stage to Hugo Tremblay for $275.00 (corrected)')).toBeTruthy();
  });

  it('says there is nothing to correct before sending the same winner at the same price', async () => {
    const api = showStage({ 'GET /api/admin/auctions/12/live-lots': [200, [liveLot()]] });
    const lot = await card();
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    fireEvent.change(within(lot).getByLabelText('Why is the sale corrected?'), { target: { value: 'Checking' } });
    fireEvent.click(within(lot).getByRole('button', { name: 'Correct the sale' }));
    await within(lot).findByText(
      'This winner and this hammer price are the ones already recorded: there is nothing to correct.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api)).toHaveLength(0);
  });

  it('reads the price and states the consequence in French', async () => {
    showStage(
      {
        'GET /api/admin/auctions/12/live-lots': [200, [liveLot({ price: { value: 1250.5, currencyCode: 'CAD' } })]],
        'GET /api/check-in/auctions/12/guests': [200, { guests: [lea], matchCount: 1, guestCount: 2, arrivedCount: 2 }],
      },
      AuctionStatus.Completed,
      'fr',
    );
    const lot = await card(/Toile/);
    fireEvent.click(within(lot).getByRole('button', { name: 'Corriger l’adjudication' }));
    expect((within(lot).getByLabelText('Prix d’adjudication ($)') as HTMLInputElement).value).toBe('1250,50');
    fireEvent.click(within(lot).getByRole('button', { name: 'Choisir un autre gagnant' }));
    fireEvent.change(within(lot).getByLabelText('Gagnant : numéro d’enchérisseur, nom, courriel ou téléphone'), {
      target: { value: 'Roy' },
    });
    fireEvent.click(await within(lot).findByRole('button', { name: /Léa Roy/ }));
    fireEvent.change(within(lot).getByLabelText('Pourquoi l’adjudication est-elle corrigée ?'), {
      target: { value: 'Numéro mal lu' },
    });
    fireEvent.click(within(lot).getByRole('button', { name: 'Corriger l’adjudication' }));
    const dialog = await screen.findByRole('dialog');
    // French money has no-break spaces (1 250,50 $).
    expect(dialog.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Lot 12 · Toile : adjugé à Léa Roy pour 1 250,50 $ plutôt qu’à Hugo Tremblay pour 1 250,50 $. Un avis part à Hugo Tremblay, qui ne remporte plus ce lot, et à Léa Roy, qui le remporte et recevra la facture de ce montant.',
    );
  });
});
