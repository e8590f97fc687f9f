import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal } from './number-format';

const intl = (decimals: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

describe('formatDecimal writes what Intl.NumberFormat("en-US") writes', () => {
  const samples = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.2,
    0.1 + 0.2,
    0.005,
    0.015,
    1.005,
    1.045,
    2.675,
    -2.675,
    8.345,
    1234.5,
    -1234.565,
    999.995,
    999_999.995,
    1_000_000,
    12_345_678.9,
    99_999_999_999.99,
    0.004999,
    -0.004,
    -0.005,
    5e-7,
    1e21,
    123_456_789_012_345.67,
    0.5,
    1.5,
    2.5,
    -0.5,
    Number.MAX_SAFE_INTEGER,
  ];

  it.each([0, 2])('on hand-picked amounts with %i decimals', (decimals) => {
    for (const value of samples)
      expect(formatDecimal(value, decimals), String(value)).toBe(intl(decimals).format(value));
  });

  it('on random amounts of every size', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const formats = [0, 2].map((decimals) => [decimals, intl(decimals)] as const);
    const differences: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const magnitude = 10 ** Math.floor(random() * 12);
      const value = (random() - 0.3) * magnitude;
      // Also amounts with a third decimal, where rounding half away from zero shows.
      for (const amount of [value, Math.round(value * 1000) / 1000]) {
        for (const [decimals, format] of formats) {
          if (formatDecimal(amount, decimals) !== format.format(amount)) differences.push(`${amount} (${decimals})`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('counts are whole and grouped', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});
