// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceiptCheckPage } from '../../src/receipts/ReceiptCheckPage.tsx';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';
import { bidReceipt as receipt } from './bidReceipt.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function check(text: string) {
  fireEvent.change(await screen.findByRole('textbox'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button'));
}

describe('the receipt check page', () => {
  it('sends the pasted receipt and shows the verdict and the fields that differ, in French', async () => {
    const api = stubFetch({
      '/api/audit/receipts/verify': json({
        found: true,
        unchanged: false,
        mismatches: ['amountCents'],
        message: 'bid_receipt_mismatch',
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(ReceiptCheckPage, 'fr');
    // A whole bid answer pasted is checked by its receipt.
    await check(JSON.stringify({ message: 'bid_successful', receipt }));
    expect(await screen.findByText('Ce reçu ne correspond pas au registre.')).toBeTruthy();
    expect(screen.getByText('Le montant diffère de la mise inscrite.')).toBeTruthy();
    expect(screen.getByText(/Lot 3 : 900,00\s\$/)).toBeTruthy();
    expect(api.urls.filter((url) => url.includes('/api/audit/'))).toHaveLength(1);
  });

  it('says a receipt the platform did not sign is not a receipt, repeating none of its fields', async () => {
    const api = stubFetch({
      '/api/audit/receipts/verify': json({
        found: false,
        unchanged: false,
        mismatches: [],
        message: 'bid_receipt_invalid',
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(ReceiptCheckPage, 'en');
    await check(JSON.stringify(receipt));
    expect(await screen.findByText('This is not a bid receipt.')).toBeTruthy();
    expect(screen.queryByText(/Lot 3/)).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('says a text that is not JSON is not a receipt, without asking the server', async () => {
    const api = stubFetch({});
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(ReceiptCheckPage, 'en');
    await check('{ not json');
    expect(await screen.findByText('This is not a bid receipt.')).toBeTruthy();
    expect(api.urls.filter((url) => url.includes('/api/audit/'))).toEqual([]);
  });
});
