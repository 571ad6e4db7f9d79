/**
 * The table query of spec 001 §7 (contract/src/lots.ts) arrives as a flat querystring:
 * `sorts[0].column`, `filters[0].fieldName`, …; `unflattenQuery` makes lists of them before validation.
 */
export { LOT_PAGE_SIZES, type LotTableQuery, lotTableQuery as lotTableQuerySchema } from '@auction/contract';

/** `sorts[0].column=x` → `{ sorts: [{ column: 'x' }] }`; repeated plain keys stay as they are. */
export function unflattenQuery(query: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const match = /^(sorts|filters)\[(\d{1,2})\]\.(\w+)$/.exec(key);
    if (!match) {
      result[key] = value;
      continue;
    }
    const [, list = '', index = '0', field = ''] = match;
    if (!Array.isArray(result[list])) result[list] = [];
    const items = result[list] as Record<string, unknown>[];
    items[Number(index)] = { ...items[Number(index)], [field]: Array.isArray(value) ? value[0] : value };
  }
  for (const list of ['sorts', 'filters']) {
    if (Array.isArray(result[list])) result[list] = (result[list] as unknown[]).filter(Boolean);
  }
  return result;
}
