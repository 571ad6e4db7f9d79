// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../src/account/types.ts';
import { InvoiceList } from '../../src/invoices/InvoiceListPage.tsx';
import type { InvoiceSummary } from '../../src/invoices/types.ts';
import { Toaster } from '../../src/live/toasts.tsx';
import { apiStub } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';

const profile = { id: 'u1', bidder: { email: 'marie@example.com' } } as unknown as Profile;

function summary(number: number, overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: number,
    stripeInvoiceId: `inv_${number}`,
    number,
    auctionId: 7,
    auctionName: 'Winter Gala',
    isDonation: false,
    isPaid: false,
    isPartlyPaid: false,
    status: 1,
    invoiceDate: '2026-11-20T15:00:00Z',
    invoiceTotal: { value: 114.98, currencyCode: 'CAD' },
    customerName: 'Marie Tremblay',
    ...overrides,
  };
}

const list = {
  count: 3,
  years: [2026, 2024],
  invoices: [summary(42), summary(43, { isDonation: true, isPaid: true }), summary(44, { isPartlyPaid: true })],
};

/** jsdom has no layout: the media queries answer as a screen this wide would. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/(\d+)rem/.exec(query)?.[1] ?? 0) * 16,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function show(width = 1280) {
  screenWidth(width);
  const api = apiStub({
    'GET /api/account/invoices': [200, list],
    'POST /api/documents/send-auction-invoice': [
      200,
      { success: true, message: 'invoice_email_sent', messages: ['invoice_email_sent'] },
    ],
  });
  vi.stubGlobal('fetch', api.fetch);
  renderInApp(() => (
    <>
      <InvoiceList profile={profile} currentYear={2026} />
      <Toaster />
    </>
  ));
  return api;
}

const listUrls = (api: ReturnType<typeof apiStub>) =>
  api.calls.filter((call) => call.url.startsWith('/api/account/invoices')).map((call) => call.url);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invoice list (spec 000 §2)', () => {
  it('asks the past 3 months first and shows the count, each invoice with its status, donation icon and link', async () => {
    const api = show();
    await screen.findByText('3 invoices');
    expect(listUrls(api)).toEqual(['/api/account/invoices?time=3']);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1] as HTMLElement).getByText('Unpaid')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Paid')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Partly paid')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Donation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View invoice #42' }).getAttribute('href')).toBe(
      '/en/invoice/inv_42?from=profile',
    );
  });

  it('filters by this year (time 0) or a past year from the answer (time -1 and the years back)', async () => {
    const api = show();
    await screen.findByText('3 invoices');
    const period = screen.getByLabelText('Period');
    expect(
      within(period)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Past 3 months', 'This year', '2024']);
    fireEvent.change(period, { target: { value: 'currentYear' } });
    await waitFor(() => expect(listUrls(api)).toContain('/api/account/invoices?time=0'));
    fireEvent.change(period, { target: { value: '2024' } });
    await waitFor(() => expect(listUrls(api)).toContain('/api/account/invoices?time=-1&yearsModifier=2'));
  });

  it('searches from 2 characters only', async () => {
    const api = show();
    await screen.findByText('3 invoices');
    fireEvent.change(screen.getByLabelText('Search by auction, number or amount'), { target: { value: 'g' } });
    fireEvent.change(screen.getByLabelText('Search by auction, number or amount'), { target: { value: 'ga' } });
    await waitFor(() => expect(listUrls(api)).toContain('/api/account/invoices?time=3&search=ga'));
    expect(listUrls(api).some((url) => url.endsWith('search=g'))).toBe(false);
  });

  it('shows cards instead of the table on extra-small screens', async () => {
    show(390);
    await screen.findByText('3 invoices');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('sends an invoice by email to the prefilled address in the chosen language', async () => {
    const api = show();
    await screen.findByText('3 invoices');
    fireEvent.click(screen.getByRole('button', { name: 'Send by email, invoice #42' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invoice by email' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('marie@example.com');
    fireEvent.click(within(dialog).getByLabelText('French'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send by email' }));
    await screen.findByText('The invoice was sent by email.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      stripeInvoiceId: 'inv_42',
      email: 'marie@example.com',
      language: 'fr',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
