import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { type DocumentLanguage, formatDate, formatMoney } from '../invoices/moneyFormat.ts';

/**
 * A PDFKit document with the product's embedded font (Noto Sans, Latin: every French letter and
 * the no-break spaces of French amounts), so a document renders the same on every reader and
 * machine rather than with whatever the viewer substitutes for the standard PDF fonts.
 */
const require = createRequire(import.meta.url);
const REGULAR = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff');
const BOLD = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff');

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * How a document writes in its language: amounts in its currency, dates, and the colon after a
 * label (French typography puts a space before it).
 */
export function documentFormat(language: DocumentLanguage, currency: string) {
  return {
    money: (cents: number) => formatMoney(cents, language, currency),
    date: (date: Date) => formatDate(date, language),
    colon: language === 'fr' ? '\u00a0:' : ':',
  };
}

/** Draws with `draw` and resolves with the PDF's bytes. */
export function renderPdf(info: { title: string; author: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: info.title, Author: info.author } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  doc.font('regular');
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** A label and its value on one line, the value right-aligned in the page's width. */
export function amountRow(doc: Pdf, label: string, value: string, options: { bold?: boolean } = {}): void {
  const y = doc.y;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font(options.bold ? 'bold' : 'regular');
  doc.text(label, doc.page.margins.left, y, { width: width - 140 });
  const after = doc.y;
  doc.text(value, doc.page.margins.left + width - 140, y, { width: 140, align: 'right' });
  doc.y = Math.max(after, doc.y);
  // Back to the left margin: the next line starts there, not under the value.
  doc.x = doc.page.margins.left;
  doc.font('regular');
}
