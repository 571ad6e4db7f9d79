import { AuctionStatus } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client.ts';
import {
  changedFields,
  creationBody,
  dollars,
  emptyForm,
  errorsByField,
  formFromAuction,
} from '../../../src/console/setup/auctionForm.ts';
import { statusMoves } from '../../../src/console/setup/statusMoves.ts';
import { fromLocalInput, toLocalInput, utcOffsetLabel } from '../../../src/console/setup/zonedTime.ts';
import { operatorAuctionFixture } from './operatorAuctionFixture.ts';

const loaded = formFromAuction(operatorAuctionFixture());
const edit = (change: (values: typeof loaded) => void) => {
  const values = structuredClone(loaded);
  change(values);
  return changedFields(loaded, values);
};

describe('the set-up form and the API', () => {
  it('reads every group of the auction: titles by language, money in dollars, dates in the browser zone', () => {
    expect(loaded.text['translations.fr.titleShort']).toBe('Gala du printemps');
    expect(loaded.text['colors.primaryColor']).toBe('#1f4f8b');
    expect(loaded.text.donationReceiptMinimumCents).toBe('20');
    expect(loaded.donations).toEqual(['25', '50']);
    expect(fromLocalInput(loaded.text.dateOpen ?? '')).toBe('2026-05-01T17:00:00.000Z');
    expect(loaded.flags.allowProxyBidding).toBe(true);
  });

  it('sends nothing when nothing changed', () => {
    expect(changedFields(loaded, structuredClone(loaded))).toEqual({ body: {}, errors: {} });
  });

  it('sends only the changed fields, a changed language whole and only the changed colour', () => {
    const { body } = edit((v) => {
      v.text['translations.en.titleShort'] = 'Spring Gala 2026';
      v.text['colors.menuColor'] = '#222222';
      v.flags.hideCountdown = true;
    });
    expect(body).toEqual({
      translations: { en: { titleShort: 'Spring Gala 2026', description: '', teamAppellation: null } },
      colors: { menuColor: '#222222' },
      hideCountdown: true,
    });
  });

  it('turns typed dollars into the API amounts, a French decimal comma included', () => {
    const { body } = edit((v) => {
      v.text.donationReceiptMinimumCents = '12,50';
      v.text.billCreditCardFeesMinimumAmount = '100';
      v.donations = ['25', '75.5'];
    });
    expect(body).toEqual({
      donationReceiptMinimumCents: 1250,
      billCreditCardFeesMinimumAmount: 100,
      donations: [{ amount: 25 }, { amount: 75.5 }],
    });
  });

  it('refuses an amount that is not one before anything is sent, on its own field', () => {
    const { errors } = edit((v) => {
      v.donations = ['25', 'beaucoup'];
      v.text.billCreditCardFeesMinimumAmount = '1.234';
    });
    expect(errors).toEqual({
      'donations.1.amount': ['invalid_amount'],
      billCreditCardFeesMinimumAmount: ['invalid_amount'],
    });
    expect(dollars('')).toBeNull();
  });

  it('clears a date with null, and never sends an empty access code', () => {
    const { body } = edit((v) => {
      v.text.dateOpen = '';
      v.text.accessCode = '';
    });
    expect(body).toEqual({ dateOpen: null });
  });

  it('creates an auction from the link, the titles given, the dates given and the type', () => {
    const values = emptyForm();
    values.text['translations.fr.titleShort'] = 'Encan d’automne';
    values.text.urlMagicLink = 'automne';
    values.text.dateCompleted = '2026-10-20T21:00';
    values.text.type = '2';
    expect(creationBody(5, values)).toEqual({
      organizationId: 5,
      urlMagicLink: 'automne',
      type: 2,
      languages: [1, 2],
      translations: { fr: { titleShort: 'Encan d’automne', description: '', teamAppellation: null } },
      dateCompleted: fromLocalInput('2026-10-20T21:00'),
    });
  });

  it("places the API's refusals on their fields, paths and keys alike", () => {
    const invalid = new ApiError(400, 'validation_failed', ['invalid_color'], {
      errors: [{ field: 'colors.primaryColor', message: 'invalid_color' }],
    });
    expect(errorsByField(invalid)).toEqual({ 'colors.primaryColor': ['invalid_color'] });
    expect(errorsByField(new ApiError(409, 'url_magic_link_taken'))).toEqual({
      urlMagicLink: ['url_magic_link_taken'],
    });
    expect(errorsByField(new ApiError(400, 'dates_out_of_order'))).toEqual({ dateCompleted: ['dates_out_of_order'] });
    expect(errorsByField(new ApiError(403, 'forbidden'))).toEqual({ '': ['forbidden'] });
    expect(errorsByField(new Error('offline'))).toEqual({ '': ['there_was_an_error'] });
  });
});

describe('dates in the browser zone', () => {
  it('round-trips a typed time and names its offset from UTC', () => {
    expect(toLocalInput(fromLocalInput('2026-11-21T20:00'))).toBe('2026-11-21T20:00');
    expect(fromLocalInput('not a date')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(utcOffsetLabel(new Date('2026-07-01T12:00:00Z'))).toMatch(/^UTC[+−]\d{2}:\d{2}$/);
  });
});

describe('status moves', () => {
  const targets = (status: number, completed = false) => statusMoves(status, completed).map((m) => m.to);

  it('offers the lifecycle forward, and back to planning before the opening only', () => {
    expect(targets(AuctionStatus.Planning)).toEqual([AuctionStatus.PreOpen, AuctionStatus.Active]);
    expect(targets(AuctionStatus.PreOpen)).toEqual([AuctionStatus.Active, AuctionStatus.Planning]);
    expect(targets(AuctionStatus.Active)).toEqual([AuctionStatus.Completed]);
  });

  it('leaves the invoices to the workers and archives only once invoiced', () => {
    expect(targets(AuctionStatus.Completed)).toEqual([]);
    expect(targets(AuctionStatus.InvoiceGenerated)).toEqual([AuctionStatus.Archived]);
    expect(targets(AuctionStatus.Archived, true)).toEqual([AuctionStatus.InvoiceGenerated]);
    expect(targets(AuctionStatus.Archived, false)).toEqual([AuctionStatus.Planning]);
  });

  it('states that completing stops the bidding on every lot now', () => {
    expect(statusMoves(AuctionStatus.Active, false)[0]?.consequence).toBe('console.status.consequence.completed');
  });
});
