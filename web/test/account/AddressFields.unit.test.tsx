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
        { id: 'local-7', text: '85 Rue Laurier', description: 'Gatineau, QC, J8X 3V8', isContainer: false },
      ]),
      '/api/addresses/local-7': json({
        address: '85 Rue Laurier',
        city: 'Gatineau',
        province: 'Quebec',
        provinceEnum: 11,
        country: 'CA',
        postalCode: 'J8X 3V8',
      }),
    });
    vi.stubGlobal('fetch', fetch);
    renderInApp(Harness);
    fireEvent.change(await screen.findByLabelText('Search for your address'), { target: { value: 'laurier gat' } });
    fireEvent.click(await screen.findByText('85 Rue Laurier'));
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Gatineau'));
    expect(urls.some((url) => url.includes('search=laurier+gat') || url.includes('search=laurier%20gat'))).toBe(true);
    for (const label of ['Address', 'City', 'Province', 'Country'])
      expect((screen.getByLabelText(label) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Province') as HTMLInputElement).value).toBe('Quebec');
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
