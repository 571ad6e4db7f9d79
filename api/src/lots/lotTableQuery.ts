import { z } from 'zod';
import { MAX_ROW_ID } from '../validation.ts';

/**
 * The table query of spec 001 §7 as a flat querystring: `currentPage`, `pageSize`,
 * `sorts[0].column`, `sorts[0].asc`, `filters[0].fieldName`, `filters[0].operator`,
 * `filters[0].fieldValue`, `quickFilters`, `urlMagicLink`, and `search` (the header search box).
 */
export const LOT_PAGE_SIZES = [5, 6, 25, 50, 100, 200] as const;

const filter = z.object({
  fieldName: z.string().min(1).max(50),
  operator: z.enum(['eq', 'neq', 'contains', 'gte', 'lte', 'in']).default('eq'),
  fieldValue: z.string().max(200),
  fieldType: z.string().max(20).optional(),
  useOr: z.coerce.boolean().optional(),
});
const sort = z.object({
  column: z.string().min(1).max(50),
  asc: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

export const lotTableQuerySchema = z.object({
  urlMagicLink: z.string().trim().min(1).max(200),
  currentPage: z.coerce.number().int().min(1).max(MAX_ROW_ID).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(6),
  search: z.string().trim().max(100).optional(),
  forceSearch: z.enum(['true', 'false']).optional(),
  quickFilters: z.string().max(200).optional(),
  sorts: z.array(sort).max(3).default([]),
  filters: z.array(filter).max(20).default([]),
});
export type LotTableQuery = z.infer<typeof lotTableQuerySchema>;

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
