// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaxesEditor } from '../../../src/console/organization/TaxesEditor.tsx';
import { Toaster } from '../../../src/live/toasts.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const QUEBEC = {
  taxes: [
    { translations: { fr: 'TPS', en: 'GST' }, rate: 5, ratePpm: 50_000 },
    { translations: { fr: 'TVQ', en: 'QST' }, rate: 9.975, ratePpm: 99_750 },
  ],
};
const TAXES = '/api/admin/organizations/4/taxes';

/** The editor of organisation 4, its API the web tests' double at the network boundary. */
function editor(answers: Parameters<typeof apiStub>[0], locale: 'fr' | 'en' = 'fr') {
  const api = apiStub({ [`GET ${TAXES}`]: [200, QUEBEC], ...answers });
  vi.stubGlobal('fetch', api.fetch);
  renderInApp(
    () => (
      <>
        <TaxesEditor organizationId={4} />
        <Toaster />
      </>
    ),
    locale,
  );
  return api;
}
const puts = (api: ReturnType<typeof apiStub>) => api.calls.filter((call) => call.method === 'PUT');
const rates = () => screen.getAllByLabelText('Taux (%)') as HTMLInputElement[];

describe("the organisation's taxes", () => {
  it('shows each rate as a French operator types it, on a sample purchase with the invoices’ rounding', async () => {
    editor({});
    await screen.findByText('Taxe 2');
    expect(rates().map((input) => input.value)).toEqual(['5', '9,975']);
    expect(
      screen.getByText(
        'Sur un achat de 100,00 $, une facture ajoute TPS (5 %) 5,00 $ et TVQ (9,975 %) 9,98 $ : 114,98 $ en tout.',
      ),
    ).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole('button', { name: 'Enregistrer les taxes' }) as HTMLButtonElement).disabled).toBe(true);
    // A slip of the comma reads at once on the sample.
    fireEvent.change(rates()[1] as HTMLInputElement, { target: { value: '99,75' } });
    expect(screen.getByText(/TVQ \(99,75 %\) 99,75 \$ : 204,75 \$ en tout/)).toBeTruthy();
  });

  it('refuses a rate that does not read and a tax without a name before sending anything', async () => {
    const api = editor({});
    await screen.findByText('Taxe 2');
    fireEvent.change(rates()[1] as HTMLInputElement, { target: { value: '9,97501' } });
    // The sample says it leaves that tax out rather than showing a total without it as the invoice's.
    expect(screen.getByText(/Une taxe est laissée de côté tant que son taux n’est pas valide/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une taxe' }));
    fireEvent.change(rates()[2] as HTMLInputElement, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les taxes' }));
    expect(await screen.findByText(/Un taux est un pourcentage de plus de 0 jusqu’à 100/)).toBeTruthy();
    expect(rates()[1]?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Un nom en français ou en anglais est requis.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts(api)).toEqual([]);
  });

  it('saves the whole list in its new order after saying what invoices will add', async () => {
    const reordered = { taxes: [QUEBEC.taxes[1], QUEBEC.taxes[0]] };
    const api = editor({ [`PUT ${TAXES}`]: [200, reordered] });
    await screen.findByText('Taxe 2');
    fireEvent.click(screen.getByRole('button', { name: 'Monter «\u00a0TVQ\u00a0»' }));
    expect(rates().map((input) => input.value)).toEqual(['9,975', '5']);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les taxes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Les factures produites à partir de maintenant ajoutent ces taxes\u202f; celles déjà produites gardent les leurs.',
    );
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('TVQ (9,975 %) 9,98 $ et TPS (5 %) 5,00 $');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer les taxes' }));
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]?.body).toEqual({
      taxes: [
        { translations: { fr: 'TVQ', en: 'QST' }, rate: '9,975' },
        { translations: { fr: 'TPS', en: 'GST' }, rate: '5' },
      ],
    });
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Enregistrer les taxes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes every tax: the invoices generated from now on add none', async () => {
    const api = editor({ [`PUT ${TAXES}`]: [200, { taxes: [] }] }, 'en');
    await screen.findByText('Tax 2');
    fireEvent.click(screen.getByRole('button', { name: 'Remove “QST”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove “GST”' }));
    expect(screen.getByText('No tax: the invoices add none.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save the taxes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The invoices generated from now on add no tax');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the taxes' }));
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]?.body).toEqual({ taxes: [] });
  });

  it('offers no fifth tax', async () => {
    editor({}, 'en');
    await screen.findByText('Tax 2');
    const add = screen.getByRole('button', { name: 'Add a tax' }) as HTMLButtonElement;
    fireEvent.click(add);
    fireEvent.click(add);
    expect(add.disabled).toBe(true);
    expect(screen.getByText('An invoice lists 4 taxes at most.')).toBeTruthy();
  });
});
