import { describe, expect, it } from 'vitest';
import {
  emptyLotForm,
  engineChanges,
  lotBody,
  lotChanges,
  lotFormOf,
  normalizeAmount,
} from '../../../src/console/lots/lotForm.ts';
import { lotFixture } from '../../lotFixture.ts';

const filled = () => ({
  ...emptyLotForm(null),
  frName: 'Panier',
  startingBid: '25,50',
  dateCompleted: '2026-12-01T20:00',
});

describe('the lot editor form', () => {
  it('reads amounts typed the French way as the API reads them', () => {
    expect(normalizeAmount('25,50')).toBe('25.50');
    expect(normalizeAmount('1 250,00 $')).toBe('1250.00');
    expect(normalizeAmount('1,250.00')).toBe('1,250.00');
  });

  it('sends only the languages that have a name, and nulls for cleared amounts', () => {
    const body = lotBody(filled());
    expect(body.translations).toEqual({ fr: { name: 'Panier' } });
    expect(body.startingBid).toBe('25.50');
    expect(body.valuation).toBeNull();
    expect(body.itemCategoryIds).toEqual([]);
  });

  it('sends an edit without the settings fixed at opening, and tells which engine commands it runs', () => {
    const before = filled();
    const after = { ...before, startingBid: '30', type: '2', extensionDurationInMinutes: '9', offeredBy: 'Café' };
    const changes = lotChanges(before, after);
    expect(changes).toEqual({ startingBid: '30', offeredBy: 'Café' });
    expect(engineChanges(changes)).toEqual({ reprice: true, reschedule: false });
    expect(engineChanges(lotChanges(before, { ...before, dateCompleted: '2026-12-02T20:00' }))).toEqual({
      reprice: false,
      reschedule: true,
    });
    expect(lotChanges(before, { ...before })).toEqual({});
  });

  it('keeps every category of a lot, and sends the categories ticked only when they change', () => {
    const { name: _name, userBanner, ...lot } = lotFixture({ itemCategories: [{ id: 3 }, { id: 5 }] });
    const before = lotFormOf({ ...lot, userBanner: userBanner ?? null });
    expect(before.categoryIds).toEqual(['3', '5']);
    // Another field edited: the lot stays in both categories.
    expect(lotChanges(before, { ...before, offeredBy: 'Café' })).toEqual({ offeredBy: 'Café' });
    expect(lotChanges(before, { ...before, categoryIds: ['5', '8'] })).toEqual({ itemCategoryIds: [5, 8] });
    expect(lotChanges(before, { ...before, categoryIds: [] })).toEqual({ itemCategoryIds: [] });
  });
});
