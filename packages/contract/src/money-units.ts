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
/**
 * Why plain arithmetic is exact here: n / 100 (n an integer below 2^53) is the double nearest to the
 * decimal n/100, the very double that parsing "n/100" written out gives. And for an amount that is such a
 * double, amount * 100 lies within far less than 0.5 of n (|amount| < 2^53 / 100), so rounding finds n.
 * An amount with more decimals is the nearest double to no n/100, so the division check refuses it.
 */
function minorOf(amount: number): number | undefined {
  const minor = Math.round(amount * MINOR_UNITS_PER_MAJOR);
  return Number.isSafeInteger(minor) && minor / MINOR_UNITS_PER_MAJOR === amount ? minor : undefined;
}

/** Decimal amount from the API → integer minor units. Throws on more than 2 decimals or a non-finite number. */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new MoneyFormatError('amount is not finite');
  if (Math.abs(amount) * MINOR_UNITS_PER_MAJOR > Number.MAX_SAFE_INTEGER) {
    throw new MoneyFormatError('amount is too large');
  }
  const minor = minorOf(amount);
  if (minor === undefined) throw new MoneyFormatError('amount has more than 2 decimals');
  // -0 is zero.
  return minor === 0 ? 0 : minor;
}

/** Integer minor units → decimal amount for the API (the division is exact: see minorOf). */
export function fromMinor(minor: number | bigint): number {
  const value = typeof minor === 'bigint' ? Number(minor) : minor;
  if (!Number.isSafeInteger(value)) throw new MoneyFormatError('minor amount is not a safe integer');
  return value === 0 ? 0 : value / MINOR_UNITS_PER_MAJOR;
}

export function hasAtMostTwoDecimals(amount: number): boolean {
  return (
    Number.isFinite(amount) && (Math.abs(amount) >= 2 ** 53 / MINOR_UNITS_PER_MAJOR || minorOf(amount) !== undefined)
  );
}
