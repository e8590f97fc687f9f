import { describe, expect, it } from 'vitest';
import { apiAmount, fromMinor, MAX_API_AMOUNT, MoneyFormatError, toMinor } from './money.ts';

describe('toMinor', () => {
  it('converts amounts whose ×100 is inexact in floating point', () => {
    // 19.99 * 100 === 1998.9999999999998 and 1.1 * 100 === 110.00000000000001
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(1.1)).toBe(110);
    expect(toMinor(0.3)).toBe(30);
    expect(toMinor(0.07)).toBe(7);
    expect(toMinor(100)).toBe(10_000);
    expect(toMinor(0)).toBe(0);
  });

  it('rejects a float sum that carries noise past 2 decimals', () => {
    expect(() => toMinor(0.1 + 0.2)).toThrow(MoneyFormatError);
  });

  it('accepts the sum once it is written as the player meant it', () => {
    expect(toMinor(0.1) + toMinor(0.2)).toBe(toMinor(0.3));
  });

  it('rejects three decimals', () => {
    expect(() => toMinor(1.005)).toThrow(MoneyFormatError);
    expect(() => toMinor(0.001)).toThrow(MoneyFormatError);
    expect(() => toMinor(-2.345)).toThrow(MoneyFormatError);
  });

  it('keeps the sign of negative amounts', () => {
    expect(toMinor(-1.5)).toBe(-150);
    expect(toMinor(-0.01)).toBe(-1);
    expect(toMinor(-19.99)).toBe(-1999);
  });

  it('handles the largest API amount exactly', () => {
    expect(toMinor(MAX_API_AMOUNT)).toBe(100_000_000_000);
    expect(toMinor(999_999_999.99)).toBe(99_999_999_999);
  });

  it('refuses amounts whose minor units exceed the safe integer range', () => {
    expect(() => toMinor(1e14)).toThrow(MoneyFormatError);
    expect(() => toMinor(-1e14)).toThrow(MoneyFormatError);
  });

  it('rejects NaN and infinities', () => {
    expect(() => toMinor(Number.NaN)).toThrow(MoneyFormatError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(MoneyFormatError);
    expect(() => toMinor(Number.NEGATIVE_INFINITY)).toThrow(MoneyFormatError);
  });
});

describe('fromMinor', () => {
  it('places the decimal point two digits in', () => {
    expect(fromMinor(1999)).toBe(19.99);
    expect(fromMinor(30)).toBe(0.3);
    expect(fromMinor(5)).toBe(0.05);
    expect(fromMinor(0)).toBe(0);
    expect(fromMinor(100_000_000_000)).toBe(MAX_API_AMOUNT);
  });

  it('keeps the sign of negative amounts, including below one major unit', () => {
    expect(fromMinor(-150)).toBe(-1.5);
    expect(fromMinor(-5)).toBe(-0.05);
  });

  it('accepts bigint as databases return it', () => {
    expect(fromMinor(12_345n)).toBe(123.45);
    expect(fromMinor(-12_345n)).toBe(-123.45);
  });

  it('rejects fractions, NaN and unsafe integers', () => {
    expect(() => fromMinor(1.5)).toThrow(MoneyFormatError);
    expect(() => fromMinor(Number.NaN)).toThrow(MoneyFormatError);
    expect(() => fromMinor(Number.POSITIVE_INFINITY)).toThrow(MoneyFormatError);
    expect(() => fromMinor(2 ** 53)).toThrow(MoneyFormatError);
    expect(() => fromMinor(2n ** 60n)).toThrow(MoneyFormatError);
  });
});

describe('round trip', () => {
  it('minor → API → minor is the identity over a wide sample', () => {
    const samples = [0, 1, -1, 99, 100, 101, 1999, -1999, 123_456_789, 99_999_999_999, -99_999_999_999];
    for (let m = -20_000; m <= 20_000; m += 7) samples.push(m);
    for (const m of samples) expect(toMinor(fromMinor(m))).toBe(m);
  });

  it('API → minor → API is the identity for every cent below 1000', () => {
    const broken: number[] = [];
    for (let cents = 0; cents < 100_000; cents++) {
      const amount = Number((cents / 100).toFixed(2));
      if (fromMinor(toMinor(amount)) !== amount) broken.push(amount);
    }
    expect(broken).toEqual([]);
  });
});

describe('apiAmount', () => {
  it('accepts amounts with at most 2 decimals within range', () => {
    expect(apiAmount.parse(10.5)).toBe(10.5);
    expect(apiAmount.parse(MAX_API_AMOUNT)).toBe(MAX_API_AMOUNT);
  });

  it('rejects 3 decimals, out-of-range and non-finite amounts with KEY_INVALID', () => {
    for (const bad of [1.005, MAX_API_AMOUNT + 1, Number.POSITIVE_INFINITY, Number.NaN]) {
      const result = apiAmount.safeParse(bad);
      expect(result.success).toBe(false);
    }
    const result = apiAmount.safeParse(1.005);
    expect(result.error?.issues[0]?.message).toBe('KEY_INVALID');
  });
});

describe('the arithmetic conversions against decimal strings', () => {
  /** The definition: write the amount out with 2 decimals and read it back. */
  function referenceToMinor(amount: number): number | 'refused' {
    const fixed = amount.toFixed(2);
    if (Number(fixed) !== amount) return 'refused';
    const [whole, cents] = fixed.replace('-', '').split('.') as [string, string];
    const minor = Number(whole) * 100 + Number(cents);
    return fixed.startsWith('-') && minor !== 0 ? -minor : minor;
  }
  const ours = (amount: number) => {
    try {
      return toMinor(amount);
    } catch {
      return 'refused';
    }
  };

  it('agree on every amount a player can type, and on amounts with noise past 2 decimals', () => {
    const disagreements: unknown[] = [];
    for (let i = 0; i < 200_000; i++) {
      const cents = Math.floor((Math.random() * 2 - 1) * 10 ** (1 + (i % 11)));
      const abs = Math.abs(cents);
      const typed = Number(`${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
      if (ours(typed) !== (cents === 0 ? 0 : cents)) disagreements.push(['toMinor', typed]);
      if (fromMinor(cents) !== (typed === 0 ? 0 : typed)) disagreements.push(['fromMinor', cents]);
      const noisy = (Math.random() - 0.5) * 10 ** (i % 10);
      if (ours(noisy) !== referenceToMinor(noisy)) disagreements.push(['noisy', noisy]);
    }
    expect(disagreements).toEqual([]);
  });
});
