import { describe, expect, it } from 'vitest';
import { buildPaytable, PAYTABLE_WEIGHT_TOTAL, type RandomInt, spinOutcome, tierForDraw } from './sandbox-slot.ts';

describe('demo slot paytable', () => {
  it.each([0.5, 0.9, 0.95, 0.955, 0.96, 0.97, 0.985, 0.99, 1])(
    'returns exactly rtp %s: every one of the million draws counted once',
    (rtp) => {
      const paytable = buildPaytable(rtp);
      let returned = 0;
      for (let draw = 0; draw < PAYTABLE_WEIGHT_TOTAL; draw++) returned += tierForDraw(paytable, draw)?.multiplier ?? 0;
      // Integer sums: the expected return is returned / 1e6 with no rounding anywhere.
      expect(returned).toBe(Math.round(rtp * PAYTABLE_WEIGHT_TOTAL));
      expect(paytable.returnPpm).toBe(returned);
      expect(paytable.tiers.every((t) => Number.isInteger(t.weight) && t.weight >= 0)).toBe(true);
    },
  );

  it('keeps the big wins and pays some spins at the default rtp', () => {
    const paytable = buildPaytable(0.96);
    expect(paytable.returnPpm / PAYTABLE_WEIGHT_TOTAL).toBe(0.96);
    const seven = paytable.tiers.find((t) => t.symbol === 'seven');
    expect(seven).toMatchObject({ multiplier: 50, weight: 1_000 });
    const hitRate = paytable.tiers.reduce((sum, t) => sum + t.weight, 0) / PAYTABLE_WEIGHT_TOTAL;
    expect(hitRate).toBeGreaterThan(0.2);
    expect(hitRate).toBeLessThan(0.5);
  });

  it('refuses an rtp outside (0, 1]', () => {
    for (const rtp of [0, -0.1, 1.01, Number.NaN]) expect(() => buildPaytable(rtp)).toThrow(RangeError);
  });

  it('shows three of a kind exactly when it pays, with that tier symbol', () => {
    const paytable = buildPaytable(0.96);
    // Every winning draw, plus losing draws whose reel picks collide at first (forcing a redraw).
    const scripted = (draw: number, reelPicks: number[]): RandomInt => {
      let call = 0;
      return () => (call++ === 0 ? draw : (reelPicks[(call - 2) % reelPicks.length] ?? 0));
    };
    for (const tier of paytable.tiers.filter((t) => t.weight > 0)) {
      const upper = paytable.tiers.slice(0, paytable.tiers.indexOf(tier) + 1).reduce((s, t) => s + t.weight, 0);
      const outcome = spinOutcome(paytable, scripted(upper - 1, [0]));
      expect(outcome).toEqual({ multiplier: tier.multiplier, reels: [tier.symbol, tier.symbol, tier.symbol] });
    }
    const losing = spinOutcome(paytable, scripted(PAYTABLE_WEIGHT_TOTAL - 1, [2, 2, 2, 2, 2, 3]));
    expect(losing.multiplier).toBe(0);
    expect(new Set(losing.reels).size).toBeGreaterThan(1);
  });

  it('pays back the rtp over 200 000 fair spins (tolerance 8 standard errors)', () => {
    const rtp = 0.96;
    const paytable = buildPaytable(rtp);
    const n = 200_000;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const outcome = spinOutcome(paytable);
      const threeOfAKind = outcome.reels[0] === outcome.reels[1] && outcome.reels[1] === outcome.reels[2];
      if (threeOfAKind !== outcome.multiplier > 0) throw new Error(`reels ${outcome.reels} vs ×${outcome.multiplier}`);
      total += outcome.multiplier;
    }
    const meanSquare =
      paytable.tiers.reduce((s, t) => s + t.weight * t.multiplier * t.multiplier, 0) / PAYTABLE_WEIGHT_TOTAL;
    const sd = Math.sqrt(meanSquare - rtp * rtp);
    // 8 standard errors: a false alarm about once in 10^15 runs; a return 5 points off would still fail.
    expect(Math.abs(total / n - rtp)).toBeLessThan((8 * sd) / Math.sqrt(n));
  });
});
