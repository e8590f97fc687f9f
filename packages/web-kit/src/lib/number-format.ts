/**
 * Numbers as `Intl.NumberFormat('en-US')` writes them (comma thousands, half away from zero), without Intl.
 * The first Intl number or date formatter a page builds loads ICU's locale data: 30-60 ms of main thread
 * on a desktop, four times that on a phone, in the middle of the wallet's first paint (issue 18: total
 * blocking time). Every screen shows the same Latin digits in every language (SPEC §9), so the few lines
 * below give the same text. Rounding is done on the shortest decimal that reads back as the number
 * (`String(1.005)` is "1.005"), as ICU does, so 1.005 becomes 1.01 as it does with Intl.
 */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `value` with exactly `decimals` decimals (0 for none), grouped by thousands. */
export function formatDecimal(value: number, decimals: number): string {
  const shortest = String(Math.abs(value));
  // Exponent notation (below 1e-6 or from 1e21) never reaches a wallet screen; Intl keeps it exact.
  if (!Number.isFinite(value) || shortest.includes('e')) {
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
      value,
    );
  }
  const [whole = '0', fraction = ''] = shortest.split('.');
  let scaled = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  if ((fraction[decimals] ?? '0') >= '5') scaled += 1n;
  const text = scaled.toString().padStart(decimals + 1, '0');
  const integer = text.slice(0, text.length - decimals);
  const grouped = decimals > 0 ? `${groupThousands(integer)}.${text.slice(-decimals)}` : groupThousands(integer);
  // Intl keeps the sign of a negative amount that rounds to zero ("-0.00"), and of -0 itself.
  return value < 0 || Object.is(value, -0) ? `-${grouped}` : grouped;
}

/** A whole count (coins, quick amounts) with thousands separators. */
export function formatCount(value: number): string {
  return formatDecimal(value, 0);
}
