// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceiptIdentityForm } from '../../../src/console/organization/ReceiptIdentityForm.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const organization = {
  id: 4,
  name: 'Fondation Petits Bonheurs',
  companyId: 1,
  charityRegistrationNumber: null,
  receiptAddress: '1 rue A',
};

describe("the organisation's donation receipts", () => {
  it('shows the refusal under the number, in the page language, then saves both fields', async () => {
    const api = apiStub({
      'PATCH /api/admin/organizations/4': [
        [
          400,
          {
            message: 'invalid_value',
            messages: ['invalid_charity_registration_number'],
            errors: [{ field: 'body.charityRegistrationNumber', message: 'invalid_charity_registration_number' }],
          },
        ],
        [200, { ...organization, charityRegistrationNumber: '123456789RR0001' }],
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <ReceiptIdentityForm organization={organization} />, 'fr');
    const number = await screen.findByLabelText('Numéro d’enregistrement de l’organisme de bienfaisance');
    expect((screen.getByLabelText('Adresse sur les reçus') as HTMLTextAreaElement).value).toBe('1 rue A');
    fireEvent.change(number, { target: { value: '12345RR0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/compte neuf chiffres, RR et quatre chiffres/)).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(number, { target: { value: '123456789RR0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.body).toEqual({ charityRegistrationNumber: '123456789RR0001', receiptAddress: '1 rue A' });
  });
});
