import { LOT_IMPORT_COLUMNS } from '@auction/contract';

/** The template's example row, one value per column of LOT_IMPORT_COLUMNS. */
const EXAMPLE: Record<(typeof LOT_IMPORT_COLUMNS)[number], string> = {
  lotNumber: '101',
  type: 'silent',
  nameFr: 'Séjour au chalet',
  nameEn: 'Cottage stay',
  descriptionFr: 'Deux nuits pour quatre personnes',
  descriptionEn: 'Two nights for four',
  startingBid: '250.00',
  minimumIncrement: '10.00',
  valuation: '600.00',
  multiSalePrice: '',
  multiSaleQuantity: '',
  maxPerBidder: '',
  category: '',
  closingGroup: '',
  team: '',
  offeredBy: 'Auberge du lac',
  dateCompleted: '2026-12-05T21:00:00-05:00',
  isDonation: 'no',
};

const quoted = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The template file: UTF-8 with a byte order mark, so spreadsheet programs open its accents right. */
export function lotImportTemplate(): Blob {
  const lines = [LOT_IMPORT_COLUMNS.join(','), LOT_IMPORT_COLUMNS.map((c) => quoted(EXAMPLE[c])).join(',')];
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

/** Saves a file the browser holds, as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
