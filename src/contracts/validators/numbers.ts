/**
 * Whole numbers typed in a form (text, as typed) or sent by a client (a number): one field builder for both, so a
 * form and the backend refuse the same values with the same message ("12,5", "0", "25", "-1", "abc").
 */
import { z } from 'zod';

/** The whole number a value stands for: a safe integer, or up to 9 digits as typed ("12", " 7 "); else null. */
export function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

export interface IntegerFieldOptions {
  min: number;
  max: number;
  /** Said for anything that is not a whole number from `min` to `max` (a fraction, a sign, text, out of range). */
  invalid: string;
  /** Said when the value is missing or blank. */
  empty: string;
}

/** A required whole number from `min` to `max`: the form holds the text as typed, the output is a number. */
export function integerField({ min, max, invalid, empty }: IntegerFieldOptions) {
  return z.union([z.string(), z.number()], { error: empty }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: empty });
      return z.NEVER;
    }
    const n = wholeNumber(value);
    if (n === null || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return n;
  });
}

/** An optional whole number from `min` to `max`: blank or missing is `fallback`; anything else as `integerField`. */
export function optionalIntegerField({ min, max, invalid, fallback }: Omit<IntegerFieldOptions, 'empty'> & { fallback: number }) {
  return z
    .union([z.string(), z.number()], { error: invalid })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) return fallback;
      const n = wholeNumber(value);
      if (n === null || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return n;
    });
}
