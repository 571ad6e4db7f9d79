/**
 * Rows grouped by their invoice, each group in the rows' order. The lists of an auction's invoices
 * read every invoice's lines, taxes, payments and refunds in one query each; grouping them once is
 * one pass, where filtering the whole list for each invoice read it once per invoice (3,000
 * invoices: hundreds of milliseconds, docs/benchmarks.md "Invoices of an auction").
 */
export function byInvoice<T>(rows: readonly T[], invoiceOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const invoiceId = invoiceOf(row);
    const group = groups.get(invoiceId);
    if (group) group.push(row);
    else groups.set(invoiceId, [row]);
  }
  return groups;
}
