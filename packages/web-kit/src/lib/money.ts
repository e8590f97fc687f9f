/** Money helpers of the wallet screens. Amounts are decimals with at most 2 places (contract money-units.ts). */

const CENTS = 100;

/** Sum of amounts, added in whole satang so 0.1 + 0.2 stays 0.30. */
export function sumMoney(values: readonly number[]): number {
  return values.reduce((total, value) => total + Math.round(value * CENTS), 0) / CENTS;
}
