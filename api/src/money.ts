import { type Cents, formatMoney, parseMoney } from '@auction/engine';
import { z } from 'zod';

/** Spec money at the edge: `{ value, currencyCode }` with 2 decimals; cents inside (DESIGN.md §2). */
export function toMoney(cents: Cents, currencyCode?: string): Money;
export function toMoney(cents: Cents | null, currencyCode?: string): Money | null;
export function toMoney(cents: Cents | null, currencyCode = 'CAD'): Money | null {
  return cents === null ? null : { value: Number(formatMoney(cents)), currencyCode };
}

type Money = { value: number; currencyCode: string };

/** An amount typed by a person or sent by a client: 25, 25.5, "25.50", "1,250.00" or { value }. */
export const amountInCents = z
  .union([z.number(), z.string().max(32), z.object({ value: z.union([z.number(), z.string().max(32)]) })])
  .transform((input, ctx): Cents => {
    const raw = typeof input === 'object' ? input.value : input;
    const text = typeof raw === 'number' ? String(raw) : raw.replaceAll(',', '').trim();
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? parseMoney(text) : null;
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'invalid_amount' });
      return z.NEVER;
    }
    return cents;
  });
