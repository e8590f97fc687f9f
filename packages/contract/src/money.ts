import { z } from 'zod';

/**
 * Money crosses the API as a decimal number with at most 2 decimals (SPEC shows amounts that way) and
 * lives everywhere else as an integer count of minor units (satang; 1/100 LAK). This file is the one
 * place where the two meet, so no other code multiplies or divides money by 100.
 */
export const MINOR_UNITS_PER_MAJOR = 100;

/** Largest amount the API accepts in one request: 1 billion major units keeps every sum far below 2^53 minor units. */
export const MAX_API_AMOUNT = 1_000_000_000;

export class MoneyFormatError extends Error {}

/** Decimal amount from the API → integer minor units. Throws on more than 2 decimals or a non-finite number. */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new MoneyFormatError('amount is not finite');
  // toFixed(2) is exact for any double that really has ≤ 2 decimals; the comparison rejects the rest.
  const fixed = amount.toFixed(2);
  if (Number(fixed) !== amount) throw new MoneyFormatError('amount has more than 2 decimals');
  const negative = fixed.startsWith('-');
  const [whole, cents] = fixed.replace('-', '').split('.') as [string, string];
  const minor = Number(whole) * MINOR_UNITS_PER_MAJOR + Number(cents);
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError('amount is too large');
  return negative ? -minor : minor;
}

/** Integer minor units → decimal amount for the API. */
export function fromMinor(minor: number | bigint): number {
  const value = typeof minor === 'bigint' ? Number(minor) : minor;
  if (!Number.isSafeInteger(value)) throw new MoneyFormatError('minor amount is not a safe integer');
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return Number(
    `${sign}${Math.trunc(abs / MINOR_UNITS_PER_MAJOR)}.${String(abs % MINOR_UNITS_PER_MAJOR).padStart(2, '0')}`,
  );
}

export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Number(amount.toFixed(2)) === amount;
}

/** A money amount as the API accepts it in a request body: finite, ≤ 2 decimals, within range. */
export const apiAmount = z
  .number()
  .refine(Number.isFinite, { message: 'KEY_INVALID' })
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' })
  .refine((n) => Math.abs(n) <= MAX_API_AMOUNT, { message: 'KEY_INVALID' });

/** A money amount as the API returns it. */
export const moneyOut = z.number();
