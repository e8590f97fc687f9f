import { describe, expect, it } from 'vitest';
import { sumMoney } from './money';

describe('wallet money helpers', () => {
  it('adds amounts in whole satang', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([1000, 250.5, 100.25, 0, 0.25])).toBe(1351);
    expect(sumMoney([])).toBe(0);
  });
});
