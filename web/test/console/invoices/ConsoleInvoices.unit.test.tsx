// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleInvoices } from '../../../src/console/invoices/InvoicesSection.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invoice = (overrides: Record<string, unknown> = {}) => ({
  stripeInvoiceId: 'inv_abc',
  number: 12,
  customerName: 'Camille Roy',
  customerEmail: 'camille@example.com',
  isDonation: false,
  status: 1,
  totalCents: 100_00,
  paidCents: 0,
  dueCents: 100_00,
  state: 'unpaid',
  currency: 'CAD',
  invoiceDate: '2026-11-23T23:00:00Z',
  paidAt: null,
  paymentInProgress: false,
  manualPayments: [],
  paymentsCancellable: true,
  refundableCents: 0,
  cardRefundableAtOnceCents: 0,
  handRefundableCents: 0,
  refunds: [],
  lines: [],
  receiptNumber: null,
  ownInvoice: false,
  ...overrides,
});
const list = (invoices: unknown[], paid = 0) => ({
  currency: 'CAD',
  raisedCents: 100_00,
  paidCents: paid,
  unpaidCents: 100_00 - paid,
  refundedCents: 0,
  invoices,
  count: invoices.length,
  currentPage: 1,
  invoiceCount: invoices.length,
});

/** A payment recorded by hand, standing (not cancelled). */
const recordedPayment = (payment: { id: number; amountCents: number; method: 'cash' | 'cheque' }) => ({
  ...payment,
  note: null,
  recordedBy: 'Marc Roy',
  recordedAt: '2026-11-23T23:10:00Z',
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
});

/**
 * The console's invoices of auction 3 on a wide screen (jsdom has no layout: every media query
 * answers as one), its API answered by `answers`: the web tests' double at the network boundary.
 */
function showInvoices(answers: Parameters<typeof apiStub>[0]) {
  const api = apiStub(answers);
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal('fetch', api.fetch);
  renderInApp(() => <ConsoleInvoices auctionId={3} organizationId={5} />);
  return api;
}

/**
 * Opens the dialog that cancels `payment` on invoice 12 as it is `before`; once cancelled (by Lise
 * Caron, for `reason`), the invoice answers unpaid with the payment struck out.
 */
async function openCancelDialog(
  before: Record<string, unknown>,
  payment: ReturnType<typeof recordedPayment>,
  reason: string,
) {
  const cancelled = {
    ...payment,
    cancelledAt: '2026-11-24T15:00:00Z',
    cancelledBy: 'Lise Caron',
    cancelReason: reason,
  };
  const after = invoice({ manualPayments: [cancelled] });
  const api = showInvoices({
    'GET /api/admin/auctions/3/invoices': [
      [200, list([invoice(before)], Number(before.paidCents ?? 0))],
      [200, list([after])],
    ],
    [`POST /api/admin/invoices/inv_abc/manual-payments/${payment.id}/cancellation`]: [
      200,
      {
        success: true,
        message: 'payment_cancelled',
        messages: ['payment_cancelled'],
        duplicate: false,
        payment: cancelled,
        invoice: after,
      },
    ],
  });
  const amount = `$${(payment.amountCents / 100).toFixed(2)}`;
  fireEvent.click(await screen.findByRole('button', { name: `Cancel the payment of ${amount} on invoice 12` }));
  return { api, dialog: await screen.findByRole('dialog') };
}

/** The refund call's answer for a refund as the console lists it. */
const refundAnswer = (refund: {
  id: string;
  amountCents: number;
  reason: string;
  method: string;
  requestedAt: string;
}) => ({
  success: true,
  message: 'refund_created',
  messages: [],
  refund: {
    id: refund.id,
    amount: { value: refund.amountCents / 100, currencyCode: 'CAD' },
    reason: refund.reason,
    status: 'succeeded',
    method: refund.method,
    refundDate: refund.requestedAt,
  },
  invoice: {},
});

/**
 * Opens the refund dialog of invoice 12 as it is `before`; once the refund is made, the list
 * answers it as `after` with the refund listed.
 */
async function openRefundDialog(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  refund: Parameters<typeof refundAnswer>[0],
) {
  const api = showInvoices({
    'GET /api/admin/auctions/3/invoices': [
      [200, list([invoice(before)], 100_00)],
      [200, { ...list([invoice({ ...after, refunds: [refund] })], 100_00), refundedCents: refund.amountCents }],
    ],
    'POST /api/admin/invoices/inv_abc/refunds': [200, refundAnswer(refund)],
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Refund invoice 12' }));
  return { api, dialog: await screen.findByRole('dialog') };
}

/** Invoice 12, paid 40 $ by cheque then 60 $ by card: each part goes back its own way. */
const paidByChequeAndCard = {
  status: 2,
  paidCents: 100_00,
  dueCents: 0,
  state: 'paid',
  manualPayments: [recordedPayment({ id: 8, amountCents: 40_00, method: 'cheque' })],
  paymentsCancellable: true,
  refundableCents: 60_00,
  cardRefundableAtOnceCents: 60_00,
  handRefundableCents: 40_00,
};

describe("the console's invoices", () => {
  it('shows the totals and records a cheque after stating what it does, once', async () => {
    const recorded = { ...recordedPayment({ id: 1, amountCents: 40_00, method: 'cheque' }), note: 'Chèque 118' };
    const api = showInvoices({
      'GET /api/admin/auctions/3/invoices': [
        [200, list([invoice()])],
        [
          200,
          list([invoice({ paidCents: 40_00, dueCents: 60_00, state: 'partly', manualPayments: [recorded] })], 40_00),
        ],
      ],
      'POST /api/admin/invoices/inv_abc/manual-payments': [
        200,
        {
          success: true,
          message: 'payment_recorded',
          messages: [],
          duplicate: false,
          payment: recorded,
          invoice: invoice(),
        },
      ],
    });
    const raised = await screen.findByText('Raised');
    expect(raised.nextSibling?.textContent).toBe('$100.00');
    // Open shows the bidder's invoice, which leads back here.
    expect(screen.getByRole('link', { name: 'Open invoice 12' }).getAttribute('href')).toBe(
      '/en/invoice/inv_abc?from=console&organisation=5&encan=3',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Record a payment on invoice 12' }));
    const dialog = await screen.findByRole('dialog');
    // The whole amount due is offered, and the consequence says the invoice becomes paid.
    expect(within(dialog).getByText(/becomes paid/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount received ($)'), { target: { value: '40' } });
    expect(within(dialog).getByText(/stays partly paid, with \$60.00 still due/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note (cheque number, who paid…)'), {
      target: { value: 'Chèque 118' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
    await screen.findByText(/\$40.00 by cheque, recorded by Marc Roy/);
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ amountCents: 40_00, method: 'cheque', note: 'Chèque 118' });
    const body = posts[0]?.body as { commandId?: string } | undefined;
    expect(body?.commandId).toHaveLength(36);
  });

  it('refuses more than is due before sending, and shows a refusal inside the dialog', async () => {
    const api = showInvoices({
      'GET /api/admin/auctions/3/invoices': [200, list([invoice()])],
      'POST /api/admin/invoices/inv_abc/manual-payments': [
        409,
        { message: 'invoice_already_paid', messages: ['invoice_already_paid'] },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record a payment on invoice 12' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount received ($)'), { target: { value: '100.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
    await within(dialog).findByText('This is more than the amount still due on the invoice.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Amount received ($)'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
    await within(dialog).findByText('This invoice is already paid.');
  });

  it('catches up when another operator recorded part of the invoice first: offers what is left and reads the list again', async () => {
    const api = showInvoices({
      'GET /api/admin/auctions/3/invoices': [
        [200, list([invoice()])],
        [200, list([invoice({ paidCents: 30_00, dueCents: 70_00, state: 'partly' })], 30_00)],
      ],
      'POST /api/admin/invoices/inv_abc/manual-payments': [
        422,
        { message: 'payment_exceeds_amount_due', messages: ['payment_exceeds_amount_due'], dueCents: 70_00 },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record a payment on invoice 12' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
    await within(dialog).findByText('This is more than the amount still due on the invoice.');
    // The dialog now offers the $70.00 left, which pays the invoice.
    expect((within(dialog).getByLabelText('Amount received ($)') as HTMLInputElement).value).toBe('70.00');
    expect(within(dialog).getByText(/becomes paid/)).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.url.startsWith('/api/admin/auctions/3/invoices'))).toHaveLength(2),
    );
  });

  it('offers no recording on a paid invoice', async () => {
    showInvoices({
      'GET /api/admin/auctions/3/invoices': [
        200,
        list([invoice({ status: 2, paidCents: 100_00, dueCents: 0, state: 'paid' })], 100_00),
      ],
    });
    await screen.findByRole('button', { name: 'Resend invoice 12' });
    expect(screen.queryByRole('button', { name: /Record a payment/ })).toBeNull();
  });

  it('offers staff no recording, cancellation or refund on their own invoice, and says who does it', async () => {
    const cheque = recordedPayment({ id: 8, amountCents: 40_00, method: 'cheque' });
    showInvoices({
      'GET /api/admin/auctions/3/invoices': [
        200,
        list(
          [
            invoice({ ownInvoice: true, paidCents: 40_00, dueCents: 60_00, state: 'partly', manualPayments: [cheque] }),
            invoice({
              stripeInvoiceId: 'inv_other',
              number: 13,
              status: 2,
              paidCents: 100_00,
              dueCents: 0,
              state: 'paid',
              refundableCents: 100_00,
              cardRefundableAtOnceCents: 100_00,
            }),
          ],
          40_00,
        ),
      ],
    });
    await screen.findByRole('button', { name: 'Resend invoice 12' });
    expect(screen.getByText('Your own invoice: another organizer records its payments and refunds.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record a payment on invoice 12' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel the payment of/ })).toBeNull();
    // Another invoice of the list keeps its actions.
    expect(screen.getByRole('button', { name: 'Refund invoice 13' })).toBeTruthy();
  });

  it('cancels a recorded payment only with a reason, once, and shows it struck out with who and why', async () => {
    const cash = recordedPayment({ id: 7, amountCents: 40_00, method: 'cash' });
    const { api, dialog } = await openCancelDialog(
      { paidCents: 40_00, dueCents: 60_00, state: 'partly', manualPayments: [cash] },
      cash,
      'Counted twice',
    );
    // What the invoice will owe is said before anything is sent.
    expect(within(dialog).getByText(/invoice #12 will owe \$100.00/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the payment' }));
    await within(dialog).findByText('Say why this payment is cancelled: the reason is kept with it.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Why is this payment cancelled?'), {
      target: { value: ' Counted twice ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the payment' }));
    await screen.findByText(/Cancelled by Lise Caron on .*: Counted twice/);
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ reason: 'Counted twice' });
    expect((posts[0]?.body as { commandId?: string } | undefined)?.commandId).toHaveLength(36);
    // A cancelled payment cannot be cancelled again.
    expect(screen.queryByRole('button', { name: /Cancel the payment of/ })).toBeNull();
  });

  it('offers to cancel a cheque beside a card payment, owing the cheque alone again; its refund starts with the card', async () => {
    showInvoices({ 'GET /api/admin/auctions/3/invoices': [200, list([invoice(paidByChequeAndCard)], 100_00)] });
    await screen.findByText(/\$40.00 by cheque, recorded by Marc Roy/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the payment of $40.00 on invoice 12' }));
    const cancelDialog = await screen.findByRole('dialog');
    expect(within(cancelDialog).getByText(/invoice #12 will owe \$40.00/)).toBeTruthy();
    fireEvent.click(within(cancelDialog).getByRole('button', { name: 'Keep the payment' }));
    // The card's part first: what goes back by hand is chosen in the dialog.
    fireEvent.click(screen.getByRole('button', { name: 'Refund invoice 12' }));
    expect(within(await screen.findByRole('dialog')).getByText(/\$60.00 can go back/)).toBeTruthy();
  });

  it('offers on a card charged twice at most what one charge has left, and says why', async () => {
    const chargedTwice = {
      status: 2,
      paidCents: 100_00,
      dueCents: 0,
      state: 'paid',
      refundableCents: 100_00,
      cardRefundableAtOnceCents: 60_00,
    };
    const refund = {
      id: '5d0c7c3e-2222-4a4a-9b9b-0123456789ab',
      amountCents: 60_00,
      reason: 'Lot withdrawn',
      status: 'succeeded',
      method: 'card',
      requestedBy: 'Lise Caron',
      requestedAt: '2026-11-25T10:00:00Z',
      lineId: null,
    };
    const { api, dialog } = await openRefundDialog(
      chargedTwice,
      { ...chargedTwice, refundableCents: 40_00, cardRefundableAtOnceCents: 40_00 },
      refund,
    );
    expect(within(dialog).getByText(/Up to \$60.00 can go back on the card/)).toBeTruthy();
    expect(within(dialog).getByText(/\$100.00 can go back on it in all, at most \$60.00 in one refund/)).toBeTruthy();
    const amount = within(dialog).getByLabelText('Amount to refund ($)') as HTMLInputElement;
    expect(amount.value).toBe('60.00');
    fireEvent.change(amount, { target: { value: '70' } });
    fireEvent.change(within(dialog).getByLabelText('Why is this refunded?'), { target: { value: 'Lot withdrawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund on the card' }));
    await within(dialog).findByText(/more than what one card charge has left/);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(amount, { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund on the card' }));
    await screen.findByText(/Refund of \$60.00 asked by Lise Caron/);
    expect(api.calls.filter((call) => call.method === 'POST')[0]?.body).toMatchObject({ amountCents: 60_00 });
  });

  it('cancels a payment on an invoice paid by hand after saying it goes back to unpaid and its receipt is voided', async () => {
    const cheque = recordedPayment({ id: 9, amountCents: 100_00, method: 'cheque' });
    const paidByHand = {
      status: 2,
      paidCents: 100_00,
      dueCents: 0,
      state: 'paid',
      receiptNumber: 31,
      manualPayments: [cheque],
    };
    const { api, dialog } = await openCancelDialog(paidByHand, cheque, 'Bounced');
    expect(within(dialog).getByText(/invoice #12 will owe \$100.00/)).toBeTruthy();
    expect(
      within(dialog).getByText(
        'This invoice is paid. Cancelling the payment takes it back to unpaid and voids donation receipt #31; Camille Roy is told by email and can pay it again.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Why is this payment cancelled?'), { target: { value: 'Bounced' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the payment' }));
    await screen.findByText(/Cancelled by Lise Caron on .*: Bounced/);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // Unpaid again: a payment can be recorded, or paid by the bidder.
    expect(screen.getByRole('button', { name: 'Record a payment on invoice 12' })).toBeTruthy();
  });

  it('refunds part of a card payment only with a reason and within what is refundable, once', async () => {
    const paidByCard = { status: 2, paidCents: 100_00, dueCents: 0, state: 'paid', paidAt: '2026-11-23T23:20:00Z' };
    const refund = {
      id: '5d0c7c3e-1111-4a4a-9b9b-0123456789ab',
      amountCents: 30_00,
      reason: 'Lot not delivered',
      status: 'succeeded',
      method: 'card',
      requestedBy: 'Lise Caron',
      requestedAt: '2026-11-24T10:00:00Z',
      lineId: null,
    };
    const { api, dialog } = await openRefundDialog(
      { ...paidByCard, refundableCents: 100_00, cardRefundableAtOnceCents: 100_00, receiptNumber: 7 },
      { ...paidByCard, refundableCents: 70_00, cardRefundableAtOnceCents: 70_00 },
      refund,
    );
    expect(within(dialog).getByText(/Up to \$100.00 can go back on the card Camille Roy paid with/)).toBeTruthy();
    // The operator is told the donation receipt will follow.
    expect(within(dialog).getByText(/Its donation receipt no. 7 will be voided/)).toBeTruthy();
    const amount = within(dialog).getByLabelText('Amount to refund ($)') as HTMLInputElement;
    // All of it is offered; more than that, or no reason, is refused before anything is sent.
    expect(amount.value).toBe('100.00');
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund on the card' }));
    await within(dialog).findByText('The refund is more than what was paid.');
    fireEvent.change(amount, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund on the card' }));
    await within(dialog).findByText('Say why this is refunded: the reason is kept with the refund.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Why is this refunded?'), {
      target: { value: ' Lot not delivered ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund on the card' }));
    await screen.findByText(/Refund of \$30.00 asked by Lise Caron on .* \(made\): Lot not delivered/);
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ amountCents: 30_00, reason: 'Lot not delivered' });
    expect((posts[0]?.body as { commandId?: string } | undefined)?.commandId).toHaveLength(36);
    const refunded = screen.getByText('Refunded');
    expect(refunded.nextSibling?.textContent).toBe('$30.00');
  });

  it('names the lot a refund takes back, within what that lot cost with its taxes', async () => {
    const paidByCard = { status: 2, paidCents: 100_00, dueCents: 0, state: 'paid', paidAt: '2026-11-23T23:20:00Z' };
    const line = (id: string, lotNumber: number, name: string, costCents: number, cardFeeCents = 0) => ({
      id,
      kind: 'lot',
      lotNumber,
      description: { en: name, fr: name },
      costCents,
      cardFeeCents,
      refundableCents: costCents,
    });
    const refund = {
      id: '5d0c7c3e-2222-4a4a-9b9b-0123456789ab',
      amountCents: 34_49,
      reason: 'Not delivered',
      status: 'succeeded',
      method: 'card',
      requestedBy: 'Lise Caron',
      requestedAt: '2026-11-24T10:00:00Z',
      lineId: 'lot:9',
    };
    // The cottage's cost carries a part of a card fee; the dinner reads as on an invoice without one.
    const lines = [line('lot:8', 7, 'Cottage weekend', 68_99, 2_20), line('lot:9', 8, 'Dinner for two', 34_49)];
    const { api, dialog } = await openRefundDialog(
      { ...paidByCard, refundableCents: 103_48, cardRefundableAtOnceCents: 103_48, lines },
      { ...paidByCard, refundableCents: 68_99, cardRefundableAtOnceCents: 68_99, lines },
      refund,
    );
    const choice = within(dialog).getByLabelText('What does it refund?') as HTMLSelectElement;
    expect(choice.value).toBe('');
    expect([...choice.options].map((option) => option.textContent)).toEqual([
      'The invoice as a whole',
      'Lot 7, Cottage weekend: $68.99 with its taxes and card fee ($68.99 left)',
      'Lot 8, Dinner for two: $34.49 with its taxes ($34.49 left)',
    ]);
    fireEvent.change(choice, { target: { value: 'lot:9' } });
    // The lot's whole cost is offered, and no more than it may go back.
    const amount = within(dialog).getByLabelText('Amount to refund ($)') as HTMLInputElement;
    expect(amount.value).toBe('34.49');
    expect(within(dialog).getByText(/Up to \$34.49 can go back/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '40' } });
    fireEvent.change(within(dialog).getByLabelText('Why is this refunded?'), { target: { value: 'Not delivered' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund on the card' }));
    await within(dialog).findByText(/more than what this line cost with its taxes/);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(amount, { target: { value: '34.49' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund on the card' }));
    await screen.findByText(/Refund of \$34.49 asked by Lise Caron/);
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ amountCents: 34_49, lineId: 'lot:9' });
    expect(screen.getByText(/Refund of \$34.49 asked by Lise Caron.*\(for lot 8\)/)).toBeTruthy();
  });

  it('records money given back by hand on an invoice paid by card and by cheque, within what the cheque paid, once', async () => {
    const mixed = paidByChequeAndCard;
    const given = {
      id: '7a1c7c3e-2222-4a4a-9b9b-0123456789ab',
      amountCents: 25_00,
      reason: 'Lot withdrawn by the donor',
      status: 'succeeded',
      method: 'cash',
      requestedBy: 'Lise Caron',
      requestedAt: '2026-11-24T11:00:00Z',
      lineId: null,
    };
    const { api, dialog } = await openRefundDialog(mixed, { ...mixed, handRefundableCents: 15_00 }, given);
    // The card first, with what it paid; by hand, only what was paid by hand.
    expect(within(dialog).getByText(/Up to \$60.00 can go back on the card/)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('cash'));
    expect(within(dialog).getByText(/Up to \$40.00 paid by hand can be recorded as given back/)).toBeTruthy();
    const amount = within(dialog).getByLabelText('Amount to refund ($)') as HTMLInputElement;
    expect(amount.value).toBe('40.00');
    fireEvent.change(amount, { target: { value: '40.01' } });
    fireEvent.change(within(dialog).getByLabelText('Why is this refunded?'), {
      target: { value: 'Lot withdrawn by the donor' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    await within(dialog).findByText('The refund is more than what was paid.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    await screen.findByText(
      /Refund of \$25.00 in cash recorded by Lise Caron on .* \(made\): Lot withdrawn by the donor/,
    );
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ amountCents: 25_00, method: 'cash', reason: 'Lot withdrawn by the donor' });
  });
  it('pages, searches and filters on the server, and keeps the totals of the whole auction', async () => {
    const many = { ...list([invoice()]), count: 60, invoiceCount: 60, raisedCents: 6_000_00 };
    const api = showInvoices({ 'GET /api/admin/auctions/3/invoices': [200, many] });
    await screen.findByText('$6,000.00');
    const queries = () =>
      api.calls
        .filter((call) => call.method === 'GET' && call.url.startsWith('/api/admin/auctions/3/invoices'))
        .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));
    expect(queries()[0]).toEqual({ currentPage: '1', pageSize: '25', sort: 'number', direction: 'asc' });
    // 60 invoices, 25 a page: the second page is asked of the server.
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(queries().at(-1)?.currentPage).toBe('2'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Partly paid' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ state: 'partly', currentPage: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'With an amount due' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ state: 'partly', quickFilters: 'due' }));
    const search = screen.getByRole('searchbox', { name: /Number, name or email/ });
    fireEvent.change(search, { target: { value: '12' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ q: '12', state: 'partly', quickFilters: 'due' }));
  });
});
