/** Money helpers of the wallet screens. Amounts are decimals with at most 2 places (contract money.ts). */

const CENTS = 100;

/** Sum of amounts, added in whole satang so 0.1 + 0.2 stays 0.30. */
export function sumMoney(values: readonly number[]): number {
  return values.reduce((total, value) => total + Math.round(value * CENTS), 0) / CENTS;
}

/**
 * Keeps what the player types in an amount box to digits with at most one decimal point and two decimals.
 * Returns null when the new text is not an amount being typed, so the box keeps its previous value.
 */
export function cleanAmountInput(text: string): string | null {
  const normalised = text.replace(/,/g, '.').replace(/\s/g, '');
  return /^\d{0,10}(\.\d{0,2})?$/.test(normalised) ? normalised : null;
}

/** The typed amount as a number; 0 for an empty or unfinished box. */
export function amountValue(text: string): number {
  const value = Number(text);
  return text && Number.isFinite(value) ? value : 0;
}

/** A balance as the amount box shows it: plain digits, 2 decimals, no separators. */
export function amountText(value: number): string {
  return Math.max(0, value).toFixed(2);
}
