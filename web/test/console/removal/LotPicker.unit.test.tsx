// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LotPicker } from '../../../src/console/removal/LotPicker.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lot = (n: number) => ({
  id: 100 + n,
  lotNumber: n,
  bidCount: n % 3,
  translations: [{ languageCode: 'en', name: n === 12 ? 'Cottage weekend' : `Lot ${n}` }],
});

describe('the removal’s lot search', () => {
  it('says how many lots it does not list, and finds any of them by name', async () => {
    const lots = Array.from({ length: 12 }, (_, i) => lot(i + 1));
    vi.stubGlobal('fetch', apiStub({ 'GET /api/admin/auctions/4/lots': [200, lots] }).fetch);
    renderInApp(() => <LotPicker auctionId={4} onPick={() => {}} />);
    expect(
      await screen.findByText(
        'The first 8 of 12 lots, those with bids first: type a lot number or a name to find the others.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(8);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'cottage' } });
    expect(screen.getByRole('button', { name: /12 · Cottage weekend/ })).toBeTruthy();
    expect(screen.queryByText(/The first 8/)).toBeNull();
  });
});
