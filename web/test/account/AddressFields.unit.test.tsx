// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressFields, type AddressValue, postalCodeError } from '../../src/account/AddressFields.tsx';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty: AddressValue = { address: '', apartment: '', city: '', province: '', postalCode: '', country: 'Canada' };

function Harness() {
  const [value, setValue] = useState(empty);
  return <AddressFields value={value} onChange={setValue} required />;
}

describe('the address form', () => {
  it('fills address, city, province and country from the chosen suggestion, read-only, apartment and postal code editable', async () => {
    const { fetch, urls } = stubFetch({
      '/api/addresses/suggestions': json([
        { id: 'local-12', text: '453 Booth St', description: 'Ottawa, ON, K1R 7K9', isContainer: false },
      ]),
      '/api/addresses/local-12': json({
        address: '453 Booth St',
        city: 'Ottawa',
        province: 'Ontario',
        provinceEnum: 9,
        country: 'CA',
        postalCode: 'K1R 7K9',
      }),
    });
    vi.stubGlobal('fetch', fetch);
    renderInApp(Harness);
    fireEvent.change(await screen.findByLabelText('Search for your address'), { target: { value: 'booth ot' } });
    fireEvent.click(await screen.findByText('453 Booth St'));
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Ottawa'));
    expect(urls.some((url) => url.includes('search=booth+ot') || url.includes('search=booth%20ot'))).toBe(true);
    for (const label of ['Address', 'City', 'Province', 'Country'])
      expect((screen.getByLabelText(label) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Province') as HTMLInputElement).value).toBe('Ontario');
    expect((screen.getByLabelText('Apartment') as HTMLInputElement).readOnly).toBe(false);
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).readOnly).toBe(false);

    fireEvent.click(screen.getByText('Edit the address manually'));
    expect((screen.getByLabelText('City') as HTMLInputElement).readOnly).toBe(false);
  });

  it('flags a bad postal code when it loses the focus, with the spec message', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderInApp(Harness);
    const postal = await screen.findByLabelText('Postal code');
    fireEvent.change(postal, { target: { value: 'H1H 1H' } });
    expect(screen.queryByText('Enter a valid postal code (H1H 1H1).')).toBeNull();
    fireEvent.blur(postal);
    expect(screen.getByText('Enter a valid postal code (H1H 1H1).')).toBeTruthy();
    fireEvent.change(postal, { target: { value: 'h1h-1h1' } });
    fireEvent.blur(postal);
    expect(screen.queryByText('Enter a valid postal code (H1H 1H1).')).toBeNull();
  });

  it('holds each country to its own postal format', () => {
    expect(postalCodeError('12345-6789', 'USA')).toBeUndefined();
    expect(postalCodeError('H1H 1H1', 'USA')).toBe('invalid_zip_code');
    expect(postalCodeError('12345', 'Canada')).toBe('invalid_postal_code');
    expect(postalCodeError('', 'Canada')).toBeUndefined();
  });
});
