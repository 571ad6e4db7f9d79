// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Auction } from '../../src/auctions/types.ts';
import { FilterPanel } from '../../src/lots/FilterPanel.tsx';
import { emptyFilters } from '../../src/lots/queries.ts';
import { auctionFixture } from '../auctionFixture.ts';
import { renderInApp } from '../renderInApp.tsx';

afterEach(cleanup);

const auction = {
  ...auctionFixture(),
  itemCategories: [{ id: 4, order: 0, translations: [{ languageCode: 'en', name: 'Wine' }] }],
  closingGroups: [],
} as unknown as Auction;

describe('the filter panel', () => {
  // Spec 001 §9: the search waits 500 ms; a category chosen meanwhile carries what the box holds.
  it('sends a category with the search as it is typed, not as it was before the pause', async () => {
    renderInApp(() => (
      <FilterPanel auction={auction} teams={[]} filters={{ ...emptyFilters, search: 'bike' }} onChange={() => {}} />
    ));
    await screen.findByRole('link', { name: 'Wine' });
    const wine = () => screen.getByRole('link', { name: 'Wine' }).getAttribute('href') ?? '';
    expect(wine()).toContain('search=bike');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    expect(wine()).not.toContain('search=');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'wine' } });
    expect(wine()).toContain('search=wine');
  });
});
