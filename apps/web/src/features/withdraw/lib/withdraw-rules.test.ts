import { describe, expect, it } from 'vitest';
import { withdrawProblem } from './withdraw-rules';

const limits = { withdrawMin: 100, withdrawMax: 50_000 };

describe('withdrawProblem', () => {
  it('accepts the limits themselves and anything between that the wallet holds', () => {
    expect(withdrawProblem(100, limits, 1000)).toBeNull();
    expect(withdrawProblem(50_000, limits, 50_000)).toBeNull();
    expect(withdrawProblem(1000, limits, 1000)).toBeNull();
  });

  it('checks the minimum first, then the maximum, then the balance', () => {
    expect(withdrawProblem(99.99, limits, 50)).toBe('min');
    expect(withdrawProblem(50_000.01, limits, 10)).toBe('max');
    expect(withdrawProblem(1000.01, limits, 1000)).toBe('balance');
  });

  it('compares in satang, so float drift never flips a check', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(withdrawProblem(0.1 + 0.2, { withdrawMin: 0.3, withdrawMax: 1 }, 0.3)).toBeNull();
    expect(withdrawProblem(100.3, { withdrawMin: 100.1 + 0.2, withdrawMax: 500 }, 100.3)).toBeNull();
  });
});
