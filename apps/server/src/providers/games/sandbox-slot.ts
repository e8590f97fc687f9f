import { randomInt } from 'node:crypto';

/**
 * The demo slot's maths, kept pure so its fairness can be checked without HTTP or a database.
 * A spin draws one integer in [0, PAYTABLE_WEIGHT_TOTAL); the paytable maps ranges of it to multipliers of
 * the bet. Weights are integers and multipliers are integers, so the expected return is an exact rational
 * (Σ weight × multiplier) / PAYTABLE_WEIGHT_TOTAL, and a win is always a whole number of minor units.
 */

export const SLOT_SYMBOLS = ['seven', 'bar', 'bell', 'cherry', 'lemon', 'plum'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** One million outcomes: the configured RTP is honoured to the nearest part per million. */
export const PAYTABLE_WEIGHT_TOTAL = 1_000_000;

export interface PaytableTier {
  symbol: SlotSymbol;
  multiplier: number;
  /** Out of PAYTABLE_WEIGHT_TOTAL. */
  weight: number;
}

export interface Paytable {
  tiers: readonly PaytableTier[];
  /** Σ weight × multiplier: the RTP in parts per million, exactly. */
  returnPpm: number;
}

/**
 * Three of a kind pays; the rarer tiers keep a fixed weight (so big wins feel the same whatever the RTP)
 * and the lemon tier absorbs the rest. The plum tier takes the odd part per million a ×2 tier cannot.
 */
const TIER_PLAN: readonly { symbol: SlotSymbol; multiplier: number; targetWeight: number }[] = [
  { symbol: 'seven', multiplier: 50, targetWeight: 1_000 },
  { symbol: 'bar', multiplier: 20, targetWeight: 4_000 },
  { symbol: 'bell', multiplier: 10, targetWeight: 10_000 },
  { symbol: 'cherry', multiplier: 5, targetWeight: 30_000 },
  { symbol: 'lemon', multiplier: 2, targetWeight: Number.POSITIVE_INFINITY },
  { symbol: 'plum', multiplier: 1, targetWeight: Number.POSITIVE_INFINITY },
];

/** Builds the paytable whose expected return is `rtp` (0 < rtp ≤ 1) rounded to a part per million. */
export function buildPaytable(rtp: number): Paytable {
  if (!Number.isFinite(rtp) || rtp <= 0 || rtp > 1) throw new RangeError(`rtp must be in (0, 1], got ${rtp}`);
  const targetPpm = Math.round(rtp * PAYTABLE_WEIGHT_TOTAL);
  let remaining = targetPpm;
  const tiers: PaytableTier[] = [];
  // Greedy from the top: each tier takes what it can of the remaining return; the ×1 tier ends at zero.
  for (const plan of TIER_PLAN) {
    const weight = Math.min(plan.targetWeight, Math.floor(remaining / plan.multiplier));
    remaining -= weight * plan.multiplier;
    tiers.push({ symbol: plan.symbol, multiplier: plan.multiplier, weight });
  }
  const totalWeight = tiers.reduce((sum, t) => sum + t.weight, 0);
  if (remaining !== 0 || totalWeight > PAYTABLE_WEIGHT_TOTAL) throw new Error('paytable does not balance');
  return { tiers, returnPpm: tiers.reduce((sum, t) => sum + t.weight * t.multiplier, 0) };
}

export interface SpinOutcome {
  multiplier: number;
  reels: [SlotSymbol, SlotSymbol, SlotSymbol];
}

/** A source of uniform integers in [0, max); node:crypto's randomInt in play, a counter or seed in tests. */
export type RandomInt = (max: number) => number;

const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/** The winning tier for one draw in [0, PAYTABLE_WEIGHT_TOTAL), if any: tiers occupy consecutive ranges from 0. */
export function tierForDraw(paytable: Paytable, draw: number): PaytableTier | undefined {
  let upper = 0;
  for (const tier of paytable.tiers) {
    upper += tier.weight;
    if (draw < upper) return tier;
  }
  return undefined;
}

/** One spin: the multiplier and reels that show it (three of a kind on a win, never on a loss). */
export function spinOutcome(paytable: Paytable, random: RandomInt = cryptoRandomInt): SpinOutcome {
  const tier = tierForDraw(paytable, random(PAYTABLE_WEIGHT_TOTAL));
  if (tier) return { multiplier: tier.multiplier, reels: [tier.symbol, tier.symbol, tier.symbol] };
  return { multiplier: 0, reels: losingReels(random) };
}

/** Any three symbols that are not all the same, uniformly among those combinations. */
function losingReels(random: RandomInt): [SlotSymbol, SlotSymbol, SlotSymbol] {
  const n = SLOT_SYMBOLS.length;
  for (;;) {
    const reels: [SlotSymbol, SlotSymbol, SlotSymbol] = [
      SLOT_SYMBOLS[random(n)]!,
      SLOT_SYMBOLS[random(n)]!,
      SLOT_SYMBOLS[random(n)]!,
    ];
    if (!(reels[0] === reels[1] && reels[1] === reels[2])) return reels;
  }
}
