import { describe, expect, it } from 'vitest';
import { amountText, amountValue, cleanAmountInput, sumMoney } from './money';

describe('wallet money helpers', () => {
  it('adds amounts in whole satang', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([1000, 250.5, 100.25, 0, 0.25])).toBe(1351);
    expect(sumMoney([])).toBe(0);
  });

  it('accepts only an amount being typed: digits, one point, two decimals', () => {
    expect(cleanAmountInput('12.34')).toBe('12.34');
    expect(cleanAmountInput('12,5')).toBe('12.5');
    expect(cleanAmountInput('.')).toBe('.');
    expect(cleanAmountInput('12.345')).toBeNull();
    expect(cleanAmountInput('1.2.3')).toBeNull();
    expect(cleanAmountInput('-5')).toBeNull();
    expect(cleanAmountInput('1e5')).toBeNull();
  });

  it('reads the box as a number and writes balances without separators', () => {
    expect(amountValue('')).toBe(0);
    expect(amountValue('.')).toBe(0);
    expect(amountValue('12.5')).toBe(12.5);
    expect(amountText(1234.5)).toBe('1234.50');
    expect(amountText(-3)).toBe('0.00');
  });
});
