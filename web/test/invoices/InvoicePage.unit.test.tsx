// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../src/cards/AddCardButton.tsx';
import { InvoicePage, InvoiceScreen } from '../../src/invoices/InvoicePage.tsx';
import { Toaster } from '../../src/live/toasts.tsx';
import { apiStub, card, invoiceAnswer, paidInvoice } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';

const INVOICE = 'GET /api/auctions/invoice/inv_abc';
const PAY = 'POST /api/auctions/invoice/inv_abc/payment';

function show(answers: Parameters<typeof apiStub>[0]) {
  const api = apiStub(answers);
  vi.stubGlobal('fetch', api.fetch);
  renderInApp(() => (
    <>
      <InvoiceScreen stripeInvoiceId="inv_abc" />
      <Toaster />
    </>
  ));
  return api;
}

const paid = (message: 'payment_succeeded' | 'payment_processing', invoice = paidInvoice()) => ({
  success: true,
  message,
  messages: [message],
  isPaid: invoice.isPaid,
  paymentIntentId: 'pi_123',
  invoice,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the invoice page (spec 000 §2, §4)', () => {
  it('leads staff who opened it from the console back to that auction’s invoices, and a bidder back to their list', async () => {
    // The back link comes from the address alone, before and whatever the invoice's answer: the
    // double at the network boundary answers every call not_found, and the link must still be there.
    const api = apiStub({});
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderInApp(InvoicePage);
    await router.navigate({ to: '/', search: { from: 'console', organisation: 5, encan: 3 } });
    const back = await screen.findByRole('link', { name: "Back to the auction's invoices" });
    expect(back.getAttribute('href')).toBe('/en/console?organisation=5&encan=3&section=invoices');

    await router.navigate({ to: '/', search: { from: 'profile' } });
    expect((await screen.findByRole('link', { name: 'Back to invoices' })).getAttribute('href')).toBe(
      '/en/profile/invoices',
    );
    expect(screen.queryByRole('link', { name: "Back to the auction's invoices" })).toBeNull();
    // Leading back writes nothing: the page only reads.
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows an unpaid invoice: organisation, customer, lines, taxes, total, amount owed, and the card it will charge', async () => {
    show({ [INVOICE]: [200, invoiceAnswer()] });
    await screen.findByRole('heading', { name: 'Invoice #42' });
    expect(screen.getByText('Fondation Lumière')).toBeTruthy();
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText('GST (5%)')).toBeTruthy();
    expect(screen.getByText('QST (9.975%)')).toBeTruthy();
    expect(screen.getByText('Cottage weekend')).toBeTruthy();
    const owed = screen.getByText('Amount owed').parentElement as HTMLElement;
    expect(within(owed).getByText('$114.98')).toBeTruthy();
    expect(screen.getByText(/Visa ending in 4242/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $114.98' })).toBeTruthy();
  });

  it('pays on the selected card and shows the invoice paid with its payment', async () => {
    const api = show({ [INVOICE]: [200, invoiceAnswer()], [PAY]: [200, paid('payment_succeeded')] });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $114.98' }));
    await screen.findByText('Payment received. Thank you!');
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeTruthy();
    expect(screen.getByText(/pi_123/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/auctions/invoice/inv_abc/payment', body: {} },
    ]);
  });

  it('follows a payment still being confirmed until the invoice is paid, the button disabled meanwhile', async () => {
    const processing = invoiceAnswer({ paymentInProgress: true });
    show({
      [INVOICE]: [
        [200, invoiceAnswer()],
        [200, processing],
        [200, paidInvoice()],
      ],
      [PAY]: [200, paid('payment_processing', processing)],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $114.98' }));
    await screen.findByText('Your payment is being confirmed…');
    expect((screen.getByRole('button', { name: 'Pay $114.98' }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByText('Paid', {}, { timeout: 6_000 });
  }, 10_000);

  it('shows a declined card in a red alert and leaves the invoice unpaid', async () => {
    show({
      [INVOICE]: [200, invoiceAnswer()],
      [PAY]: [402, { message: 'error_during_paiement', messages: ['error_during_paiement'] }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $114.98' }));
    const alert = await screen.findByText('An error occurred during the payment.', { selector: '.alert' });
    expect(alert.className).toContain('alert--danger');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByText('Unpaid')).toBeTruthy();
  });

  it('says why the bank declined the card and offers another card or a new one; the one chosen pays', async () => {
    const api = show({
      [INVOICE]: [200, invoiceAnswer()],
      [PAY]: [
        [
          402,
          {
            message: 'error_during_paiement',
            messages: ['error_during_paiement', 'card_declined'],
            declineCode: 'insufficient_funds',
          },
        ],
        [200, paid('payment_succeeded')],
      ],
      'GET /api/payment-methods': [200, [card(1), card(2)]],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $114.98' }));
    const alert = await screen.findByText(/An error occurred during the payment/, { selector: '.alert' });
    expect(alert.textContent).toBe(
      'An error occurred during the payment. The card has insufficient funds: choose another card or add one.',
    );
    expect(await screen.findByRole('button', { name: 'Add a card' })).toBeTruthy();
    const [, other] = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    fireEvent.click(other as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $114.98' }));
    await screen.findByText('Paid');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {},
      { paymentMethodId: 2 },
    ]);
  });

  it('after the chosen card is declined too, shows it marked in the list and no longer chosen', async () => {
    const declined: [number, unknown] = [
      402,
      { message: 'error_during_paiement', messages: ['error_during_paiement', 'card_declined'] },
    ];
    const api = show({
      [INVOICE]: [200, invoiceAnswer()],
      [PAY]: [declined, declined, [200, paid('payment_succeeded')]],
      'GET /api/payment-methods': [
        [200, [card(1), card(2)]],
        [200, [card(1), card(2, { isSelectable: false, message: 'card_declined_or_expired' })]],
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $114.98' }));
    const [, second] = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    fireEvent.click(second as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $114.98' }));
    // The list is read again: the card just declined cannot be chosen, the one usable card is.
    await waitFor(() => expect((screen.getAllByRole('radio')[1] as HTMLInputElement).disabled).toBe(true));
    const [first, again] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect([first?.checked, again?.checked]).toEqual([true, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $114.98' }));
    await screen.findByText('Paid');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {},
      { paymentMethodId: 2 },
      { paymentMethodId: 1 },
    ]);
  });

  it('shows an invoice the organisation recorded part of as partly paid, with what is still owed', async () => {
    show({ [INVOICE]: [200, invoiceAnswer({ amount: { value: 64.98, currencyCode: 'CAD' } })] });
    await screen.findByText('Partly paid');
    expect(screen.queryByText('Unpaid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $64.98' })).toBeTruthy();
  });

  it('says a payment whose answer was lost may have gone through, reads the invoice again, and pays on the same attempt', async () => {
    const lost: [number, unknown] = [502, { message: 'bad_gateway' }];
    const api = show({
      [INVOICE]: [200, invoiceAnswer()],
      [PAY]: [lost, lost, lost, [200, paid('payment_succeeded')]],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $114.98' }));
    // Sent three times (two retries), then neither a refusal nor a success: it cannot tell.
    const alert = await screen.findByText(/this payment may or may not have gone through/, {}, { timeout: 4000 });
    expect(alert.className).toContain('alert--warning');
    expect(screen.queryByText('An error occurred during the payment.')).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(3);
    await waitFor(() =>
      expect(api.calls.filter((call) => call.url === '/api/auctions/invoice/inv_abc')).toHaveLength(2),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay $114.98' }));
    await screen.findByText('Payment received. Thank you!');
    expect(screen.queryByText(/may or may not have gone through/)).toBeNull();
  });

  it('asks at once to choose a card when none is selected for the auction, then pays with the one chosen', async () => {
    const api = show({
      [INVOICE]: [200, invoiceAnswer({ paymentMethod: null })],
      [PAY]: [200, paid('payment_succeeded')],
      'GET /api/payment-methods': [
        200,
        [card(1, { status: 'expired', isSelectable: false, message: 'card_declined_or_expired' }), card(2), card(3)],
      ],
    });
    const [expired, usable] = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    expect(expired?.disabled).toBe(true);
    // Two usable cards: nothing is chosen for the bidder, and paying waits for a choice.
    expect((screen.getByRole('button', { name: 'Pay $114.98' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(usable as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $114.98' }));
    await screen.findByText('Paid');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { paymentMethodId: 2 },
    ]);
  });

  it('chooses the only usable card for the bidder', async () => {
    const api = show({
      [INVOICE]: [200, invoiceAnswer({ paymentMethod: null })],
      [PAY]: [200, paid('payment_succeeded')],
      'GET /api/payment-methods': [
        200,
        [card(1, { status: 'expired', isSelectable: false, message: 'card_declined_or_expired' }), card(2)],
      ],
    });
    const [, usable] = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    expect(usable?.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $114.98' }));
    await screen.findByText('Paid');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { paymentMethodId: 2 },
    ]);
  });

  it('offers a bidder without a card to add one from the invoice, through the hosted checkout of the auction', async () => {
    const api = show({
      [INVOICE]: [200, invoiceAnswer({ paymentMethod: null, stripeInformation_Id: 3 })],
      'GET /api/payment-methods': [200, []],
      'POST /api/payments/stripeinformations/3/session': [
        200,
        { publishableKey: 'pk_test', sessionId: 'cs_1', url: 'http://stripe.test/checkout/cs_1' },
      ],
    });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    // Offered before any press on Pay, which waits for a card.
    const add = await screen.findByRole('button', { name: 'Add a card' });
    expect((screen.getByRole('button', { name: 'Pay $114.98' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(add);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to the secure page' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/checkout/cs_1'));
    expect(api.calls.some((call) => call.url.startsWith('/api/payments/stripeinformations/3/session'))).toBe(true);
  });

  it('shows a paid invoice as paid, without the payment form', async () => {
    show({ [INVOICE]: [200, paidInvoice()] });
    await screen.findByText('Paid');
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.getByText(/pi_123/)).toBeTruthy();
  });

  it('says a payment the organisation cancelled no longer counts, and offers to pay again', async () => {
    show({
      [INVOICE]: [
        200,
        invoiceAnswer({
          cancelledPayments: [
            {
              id: 'manual-9',
              amount: { value: 114.98, currencyCode: 'CAD' },
              methodName: 'cheque',
              paymentDate: '2026-11-21T15:00:00Z',
              cancelledDate: '2026-11-24T15:00:00Z',
            },
          ],
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Payments' });
    expect(
      screen.getByText(
        '11/21/2026: $114.98 (cheque, recorded by the organization), cancelled by the organization on 11/24/2026: it no longer counts',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $114.98' })).toBeTruthy();
  });

  it('saves the business field and says so', async () => {
    const api = show({
      [INVOICE]: [200, invoiceAnswer()],
      'PATCH /api/auctions/invoice/inv_abc': [
        200,
        {
          success: true,
          message: 'saved_successfully',
          messages: ['saved_successfully'],
          invoice: invoiceAnswer({ customer: { ...invoiceAnswer().customer, business: 'Tremblay inc.' } }),
        },
      ],
    });
    fireEvent.change(await screen.findByLabelText('Business'), { target: { value: ' Tremblay inc. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved successfully.');
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual([
      { fieldName: 'userBusiness', value: 'Tremblay inc.' },
    ]);
    await waitFor(() => expect(document.querySelector('address')?.textContent).toContain('Tremblay inc.'));
  });

  it('downloads the PDF and the donation receipt of a paid invoice through the API, and lists its refunds', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:x';
        },
        revokeObjectURL() {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = show({
      [INVOICE]: [
        200,
        {
          ...paidInvoice(),
          donationReceipt: {
            number: 7,
            eligibleAmount: { value: 60, currencyCode: 'CAD' },
            issuedAt: '2026-11-21T10:00:00Z',
            // The refund below changed the gift: this receipt replaced no. 6.
            replacesNumber: 6,
            url: '/api/auctions/invoice/inv_abc/receipt.pdf',
          },
          refunds: [
            {
              id: 'r1',
              amount: { value: 10, currencyCode: 'CAD' },
              reason: 'x',
              status: 'succeeded',
              method: 'card',
              refundDate: '2026-11-22T10:00:00Z',
            },
            {
              id: 'r2',
              amount: { value: 5, currencyCode: 'CAD' },
              reason: 'y',
              status: 'succeeded',
              method: 'card',
              // It names the line it took back: the bidder reads which lot.
              lineId: 'lot:1',
              refundDate: '2026-11-23T10:00:00Z',
            },
          ],
        },
      ],
      'GET /api/auctions/invoice/inv_abc/pdf': [200, 'PDF'],
      'GET /api/auctions/invoice/inv_abc/receipt.pdf': [200, 'PDF'],
    });
    await screen.findByText(/Donation receipt no. 7: eligible amount \$60.00/);
    expect(screen.getByText(/It replaces receipt no. 6, voided after a refund./)).toBeTruthy();
    // The refunds are the invoice's own section, under their heading, beside its payments.
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(refunds.closest('article')).toBeTruthy();
    expect(within(refunds).getByText(/Refund of \$10.00 on 11\/22\/2026 \(made\)/)).toBeTruthy();
    expect(screen.getByText(/Refund of \$5.00 for lot 12 on 11\/23\/2026 \(made\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download the PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download the receipt' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(created).toHaveLength(2);
    expect(api.calls.map((call) => call.url)).toContain('/api/auctions/invoice/inv_abc/receipt.pdf');
  });

  it("shows staff of the organisation the bidder's invoice without the bidder's payment form or business field", async () => {
    show({ [INVOICE]: [200, invoiceAnswer({ isViewerCustomer: false })] });
    await screen.findByRole('heading', { name: 'Invoice #42' });
    expect(screen.getByText(/This is the bidder's invoice: they pay it from their account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay $114.98' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says invoice_not_found for an unknown or foreign invoice', async () => {
    show({ [INVOICE]: [404, { message: 'invoice_not_found', messages: ['invoice_not_found'] }] });
    const status = await screen.findByText('Invoice not found.');
    expect(status.className).toContain('alert--info');
  });
});
