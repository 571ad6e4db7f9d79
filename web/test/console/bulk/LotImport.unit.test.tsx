// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LotImport } from '../../../src/console/bulk/LotImport.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';
import { operatorAuctionFixture } from '../setup/operatorAuctionFixture.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (line: number, lotNumber: number, outcome: 'new' | 'imported') => ({
  line,
  lotNumber,
  name: `Lot ${lotNumber}`,
  outcome,
  problems: [],
});
const preview = (rows: ReturnType<typeof row>[]) => ({
  rows,
  fileProblems: [],
  newCount: rows.filter((one) => one.outcome === 'new').length,
  importedCount: rows.filter((one) => one.outcome === 'imported').length,
  invalidCount: 0,
});

async function chooseFileAndConfirm() {
  const input = await screen.findByLabelText('CSV or Excel (.xlsx) file');
  fireEvent.change(input, { target: { files: [new File(['lotNumber,name\n1,Lot 1\n2,Lot 2\n'], 'lots.csv')] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Create 2 lots' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create 2 lots' }));
}

describe('the lot import', () => {
  it('says where an import stopped partway and how many lots were created before it, then checks the file again', async () => {
    const api = apiStub({
      'POST /api/admin/auctions/12/lot-import/preview': [
        [200, preview([row(2, 1, 'new'), row(3, 2, 'new')])],
        [200, preview([row(2, 1, 'imported'), row(3, 2, 'new')])],
      ],
      'POST /api/admin/auctions/12/lot-import': [
        409,
        { message: 'concurrent_change', messages: ['concurrent_change'], created: 1, alreadyImported: 0, line: 3 },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <LotImport auction={operatorAuctionFixture()} />);
    await chooseFileAndConfirm();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The import stopped at line 3: Someone else changed this at the same moment.');
    expect(alert.textContent).toContain('1 lot was created before it and announced.');
    // The dialog closed on what was done, and the file was checked again.
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByText('1 new lot, 1 already imported, 0 rows with problems.');
    expect(api.calls.filter((call) => call.url.endsWith('/lot-import/preview'))).toHaveLength(2);
  });

  it('keeps a refusal that created nothing inside the confirmation', async () => {
    const api = apiStub({
      'POST /api/admin/auctions/12/lot-import/preview': [200, preview([row(2, 1, 'new'), row(3, 2, 'new')])],
      'POST /api/admin/auctions/12/lot-import': [
        422,
        { message: 'import_has_problems', messages: ['import_has_problems'] },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <LotImport auction={operatorAuctionFixture()} />);
    await chooseFileAndConfirm();

    const dialog = await screen.findByRole('dialog');
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe('Some rows have problems: nothing was created.');
    expect(screen.queryByText(/The import stopped/)).toBeNull();
    expect(api.calls.filter((call) => call.url.endsWith('/lot-import/preview'))).toHaveLength(1);
  });
});
