// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LotReplay } from '../../../src/console/audit/LotReplay.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';
import { money, person, replayOf } from './replayFixture.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A lot sold on stage to Hugo at 250 $, corrected by Camille to Léa at 260 $. */
const corrected = replayOf([
  {
    index: 0,
    commandId: 'fix-1',
    command: 'CorrectLiveSale',
    at: '2026-11-23T23:00:00.000Z',
    actor: person('Camille Roy'),
    events: [
      {
        version: 4,
        type: 'LiveSaleCorrected',
        recordedAt: '2026-11-23T23:00:00.002Z',
        hash: 'h4',
        bidder: person('Léa Côté'),
        amount: money(260),
        data: {},
      },
    ],
    standing: {
      status: 5,
      price: money(260),
      leader: person('Léa Côté'),
      winner: person('Léa Côté'),
      bidCount: 0,
      dateCompleted: '2026-11-23T22:00:00.000Z',
      maxBids: [],
    },
    removal: null,
    correction: {
      previousWinner: person('Hugo Tremblay'),
      previousPrice: money(250),
      winner: person('Léa Côté'),
      price: money(260),
      reason: 'Paddle 12 misread as 21',
    },
  },
]);

describe("the auditor's replay of a stage sale corrected", () => {
  it('says who corrected it, the sale it replaced and why, in French', async () => {
    vi.stubGlobal('scrollTo', () => {});
    vi.stubGlobal('fetch', apiStub({ 'GET /api/audit/lots/7/replay': [200, corrected] }).fetch);
    renderInApp(() => <LotReplay lotId={7} />, 'fr');
    await screen.findByRole('heading', { name: 'Vente sur scène corrigée' });
    const account = screen.getByText(/a corrigé l’adjudication sur scène/).textContent;
    expect(account).toBe(
      'Camille Roy a corrigé l’adjudication sur scène\u00a0: Léa Côté pour 260,00\u00a0$, plutôt que Hugo Tremblay pour 250,00\u00a0$.',
    );
    expect(screen.getByText('Motif : « Paddle 12 misread as 21 »')).toBeTruthy();
    // The recorded event in French, its type as exported beside it.
    const event = screen.getByText('LiveSaleCorrected').closest('td') as HTMLElement;
    expect(event.textContent).toMatch(/^Vente sur scène corrigée LiveSaleCorrected/);
    // The timeline gives each step's price after it as a price, not as the step's own amount.
    expect(screen.getAllByRole('button', { name: /Vente sur scène corrigée/ })[0]?.textContent).toMatch(
      /· prix 260,00\u00a0\$$/,
    );
  });
});
