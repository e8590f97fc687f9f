import { expectedWheelCost } from '@wallet/contract/backoffice/spinwheel-rules';
import { describe, expect, it } from 'vitest';
import { cryptoRandom, drawSlice } from './draw.ts';

/**
 * P(χ² ≥ x) for an even number of degrees of freedom 2m: e^(−x/2) Σ_{i<m} (x/2)^i / i!, exact.
 */
function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  if (degreesOfFreedom % 2 !== 0) throw new Error('even degrees of freedom only');
  const half = x / 2;
  let term = 1;
  let sum = 1;
  for (let i = 1; i < degreesOfFreedom / 2; i++) {
    term *= half / i;
    sum += term;
  }
  return Math.exp(-half) * sum;
}

describe('the draw', () => {
  it('matches the weights: χ² over 240,000 crypto.randomInt draws, p > 1e-6, a zero weight never drawn', () => {
    // Seven drawable slices (six degrees of freedom) and one of weight 0.
    const weights = [30, 25, 15, 12, 0, 8, 6, 4];
    const slices = weights.map((weight) => ({ weight, remaining: null }));
    const draws = 240_000;
    const counts = new Array<number>(weights.length).fill(0);
    for (let i = 0; i < draws; i++) {
      const index = drawSlice(slices, cryptoRandom) as number;
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(counts[4]).toBe(0);
    const total = weights.reduce((a, b) => a + b, 0);
    let chi = 0;
    weights.forEach((weight, i) => {
      if (weight === 0) return;
      const expected = (draws * weight) / total;
      chi += ((counts[i] ?? 0) - expected) ** 2 / expected;
    });
    const p = chiSquareSurvival(chi, 6);
    expect(p, `χ² = ${chi.toFixed(2)}, counts ${counts.join(',')}`).toBeGreaterThan(1e-6);
  });

  it('a biased source fails the same test (the test can fail)', () => {
    const weights = [30, 25, 15, 12, 0, 8, 6, 4];
    const slices = weights.map((weight) => ({ weight }));
    let n = 0;
    // Always the low end of the range: slice 0 wins far more often than its weight says.
    const biased = (max: number) => (n++ % 3 === 0 ? 0 : cryptoRandom(max));
    const counts = new Array<number>(weights.length).fill(0);
    for (let i = 0; i < 60_000; i++) {
      const index = drawSlice(slices, biased) as number;
      counts[index] = (counts[index] ?? 0) + 1;
    }
    const total = weights.reduce((a, b) => a + b, 0);
    let chi = 0;
    weights.forEach((weight, i) => {
      if (weight === 0) return;
      const expected = (60_000 * weight) / total;
      chi += ((counts[i] ?? 0) - expected) ** 2 / expected;
    });
    expect(chiSquareSurvival(chi, 6)).toBeLessThan(1e-6);
  });

  it('maps every ticket to its slice, skipping zero-weight and out-of-stock slices', () => {
    const slices = [
      { weight: 2, remaining: null },
      { weight: 0, remaining: null },
      { weight: 5, remaining: 0 },
      { weight: 3, remaining: 4 },
    ];
    const seen = [0, 1, 2, 3, 4].map((ticket) => drawSlice(slices, () => ticket));
    expect(seen).toEqual([0, 0, 3, 3, 3]);
    expect(drawSlice([{ weight: 0 }, { weight: 4, remaining: 0 }], () => 0)).toBeUndefined();
    expect(() => drawSlice(slices, () => 5)).toThrow();
  });

  it('prices a wheel from its weights: per spin and per coin earned', () => {
    const cost = expectedWheelCost([
      { prizeType: 'bonus', amount: 100_00, weight: 1 },
      { prizeType: 'coins', amount: 1, weight: 1 },
      { prizeType: 'item', amount: 0, weight: 2 },
      { prizeType: 'bonus', amount: 1_000_00, weight: 5, remaining: 0 },
      { prizeType: 'bonus', amount: 999_00, weight: 0 },
    ]);
    expect(cost.totalWeight).toBe(4);
    expect(cost.chances).toEqual([0.25, 0.25, 0.5, 0, 0]);
    expect(cost.bonusPerSpin).toBe(25_00);
    expect(cost.coinsPerSpin).toBe(0.25);
    expect(cost.itemChancePerSpin).toBe(0.5);
    // A coin buys 1 / (1 − 0.25) spins once the coins won back are spent too.
    expect(cost.bonusPerCoin).toBeCloseTo(2500 / 0.75, 9);
    expect(cost.itemsPerCoin).toBeCloseTo(0.5 / 0.75, 9);
    expect(expectedWheelCost([{ prizeType: 'coins', amount: 2, weight: 1 }]).bonusPerCoin).toBeNull();
  });
});
