import { describe, expect, it } from 'vitest';
import {
  emptyLotForm,
  engineChanges,
  lotBody,
  lotChanges,
  normalizeAmount,
} from '../../../src/console/lots/lotForm.ts';

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
});
