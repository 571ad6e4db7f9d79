import type { PaymentMethod } from '../src/cards/types.ts';
import type { Invoice } from '../src/invoices/types.ts';

const cad = (value: number) => ({ value, currencyCode: 'CAD' });

/** An unpaid invoice of one lot at 100 $ with Quebec's taxes, as GET /api/auctions/invoice/{id} answers it. */
export function invoiceAnswer(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 1,
    stripeInvoiceId: 'inv_abc',
    stripeKey: 'pk_test_local_double',
    number: 42,
    auctionId: 7,
    stripeInformation_Id: 1,
    auctionName: 'Winter Gala',
    auctionTranslations: [{ languageCode: 'en', titleShort: 'Winter Gala' }],
    auctionLanguages: [1, 2],
    isDonation: false,
    isPaid: false,
    isViewerCustomer: true,
    status: 1,
    invoiceDate: '2026-11-20T15:00:00Z',
    subtotal: cad(100),
    taxes: [
      { name: 'GST', rate: 5, amount: cad(5), currency: 'CAD' },
      { name: 'QST', rate: 9.975, amount: cad(9.98), currency: 'CAD' },
    ],
    creditCardFee: cad(0),
    invoiceTotal: cad(114.98),
    amount: cad(114.98),
    name: 'Invoice 42',
    billingFrom: { name: 'Fondation Lumière' },
    customerEmail: 'marie@example.com',
    customer: {
      business: null,
      name: 'Marie Tremblay',
      address: '12 rue Principale',
      apartment: null,
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H1H 1H1',
      country: 'Canada',
      phone: null,
      email: 'marie@example.com',
    },
    lines: [
      {
        id: 'lot:1',
        lotNumber: 12,
        auctionLotItemType: 1,
        kind: 'lot',
        description: 'Cottage weekend',
        quantity: 1,
        unitPrice: cad(100),
        amount: cad(100),
        currency: 'CAD',
        isBuyerPremium: false,
      },
    ],
    paymentMethod: {
      id: 3,
      stripePaymentMethodId: 'pm_1',
      cardHolderName: 'Marie Tremblay',
      last4: '4242',
      brand: 'visa',
    },
    paymentInProgress: false,
    payments: [],
    cancelledPayments: [],
    donationReceipt: null,
    pdfUrl: '/api/auctions/invoice/inv_abc/pdf',
    refunds: [],
    refundedAmount: cad(0),
    ...overrides,
  };
}

export const paidInvoice = (): Invoice =>
  invoiceAnswer({
    isPaid: true,
    status: 2,
    amount: cad(0),
    payments: [
      { id: 'p1', paymentDate: '2026-11-21T10:00:00Z', paymentConfirmationIdentifier: 'pi_123', amount: cad(114.98) },
    ],
  });

/** A card as GET /api/payment-methods answers it: usable unless the overrides say otherwise. */
export function card(id: number, overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id,
    brand: 'visa',
    last4: String(4240 + id),
    expMonth: 12,
    expYear: 2034,
    cardHolderName: 'Marie Tremblay',
    isDeclinedInStripe: false,
    paymentInformation_Id: 1,
    stripeInformation_Id: 1,
    status: 'usable',
    isSelectable: true,
    message: null,
    ...overrides,
  };
}

export type Call = { method: string; url: string; body: unknown };

/**
 * Answers fetch by method and path prefix ("POST /api/…"), recording every call with its body;
 * an answer may be a list, used in turn (the last one repeats).
 */
export function apiStub(answers: Record<string, Array<[number, unknown]> | [number, unknown]>) {
  const calls: Call[] = [];
  const served = new Map<string, number>();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const key = Object.keys(answers).find((prefix) => `${method} ${url}`.startsWith(prefix));
    if (!key) return new Response('{"message":"not_found"}', { status: 404 });
    const entry = answers[key] as Array<[number, unknown]> | [number, unknown];
    const list = (typeof entry[0] === 'number' ? [entry] : entry) as Array<[number, unknown]>;
    const turn = served.get(key) ?? 0;
    served.set(key, turn + 1);
    const [status, body] = list[Math.min(turn, list.length - 1)] as [number, unknown];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}
