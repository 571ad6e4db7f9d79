import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../../platform/test/invoices/pdfText.ts';
import { callAs, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useInvoiceTest } from './invoiceFixtures.ts';

/**
 * An official donation receipt never changes once the donor has it (docs/payments.md "Donation
 * receipts"): it names the donor, their address and the organisation as they were when it was issued.
 */
const kit = useInvoiceTest();

const profile = (token: string, fields: Record<string, string>) =>
  callAs(
    kit.test.app,
    token,
    'PATCH',
    '/api/account',
    Object.entries(fields).map(([field, value]) => ({ op: 'add', path: `/${field}`, value })),
  );

describe('a donation receipt', () => {
  it("keeps the donor's name and address and the organisation's name it was issued with", async () => {
    const donor = await registerConfirmed(kit.test, { firstName: 'Dana', lastName: 'Tremblay' });
    const moved = await profile(donor.token, { address: '12 rue des Érables', city: 'Sherbrooke' });
    expect(moved.statusCode, moved.body).toBe(200);
    const fx = kit.fixtures();
    const invoice = await fx.invoiceFor(donor.id, [{ amount: 80_00 }], { isDonation: true });
    await fx.cardFor(donor.token, invoice.auction_id);
    const paid = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, donor.token, {});
    expect(paid.json()).toMatchObject({ isPaid: true });
    const receiptText = async () => {
      const pdf = await fx.call('GET', `/api/auctions/invoice/${invoice.public_id}/receipt.pdf`, donor.token);
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload);
    };
    const issued = await receiptText();
    const organizationName = paid.json().invoice.name as string;
    for (const text of ['Dana Tremblay', '12 rue des Érables', 'Sherbrooke', organizationName]) {
      expect(issued.join('\n')).toContain(text);
    }

    // The donor edits their profile and the organisation is renamed: the receipt says what it said.
    expect(
      (await profile(donor.token, { firstName: 'Danielle', lastName: 'Roy', address: '9 rue Neuve' })).statusCode,
    ).toBe(200);
    const renamed = await fx.call('PATCH', `/api/admin/organizations/${kit.organizationId}`, kit.manager, {
      name: 'Fondation renommée',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await receiptText()).toEqual(issued);
    // The charity's list of its receipts names the donor as the receipt does.
    const exported = await fx.call('GET', `/api/admin/auctions/${invoice.auction_id}/exports/receipts`, kit.manager);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('Dana Tremblay');
    expect(exported.body).not.toContain('Danielle Roy');
    // The invoice itself is read as it stands: its PDF names the donor by their new name.
    const invoicePdf = await fx.call('GET', `/api/auctions/invoice/${invoice.public_id}/pdf`, donor.token);
    expect(pdfText(invoicePdf.rawPayload).join('\n')).toContain('Danielle Roy');
  });
});
