/**
 * Spin-wheel rules without Zod (issue 16), for the back-office forms and the server alike: the wheel
 * editor imports this to show the expected cost live, the server draws with the same numbers.
 * spinwheel.ts re-exports them.
 */

/** What a slice wins: credit as a bonus (through the promotions engine), wheel coins, or a non-cash item the operator fulfils. */
export const SPIN_PRIZE_TYPES = ['bonus', 'coins', 'item'] as const;
export type SpinPrizeType = (typeof SPIN_PRIZE_TYPES)[number];

/** A coupon's life: open (won, to claim), claimed (credited; an item waits for the operator), fulfilled (item handed over), expired. */
export const SPIN_COUPON_STATUSES = ['open', 'claimed', 'fulfilled', 'expired'] as const;
export type SpinCouponStatus = (typeof SPIN_COUPON_STATUSES)[number];

/** A wheel has 2 to 16 slices (the player's wheel draws every count in that range). */
export const SPIN_SLICES_MIN = 2;
export const SPIN_SLICES_MAX = 16;
/** A slice's weight: a whole number; 0 keeps the slice on the wheel but never draws it. */
export const SPIN_WEIGHT_MAX = 1_000_000;
/** Stock of a limited prize (null: unlimited). */
export const SPIN_STOCK_MAX = 1_000_000;
/** A coins prize: whole coins. */
export const SPIN_COINS_PRIZE_MAX = 10_000;
/** A bonus prize: minor units (satang/att), 1 million baht at most. */
export const SPIN_BONUS_PRIZE_MAX = 100_000_000;
/** Days a won coupon can be claimed in. */
export const SPIN_COUPON_DAYS_MAX = 365;
export const SPIN_COUPON_DAYS_DEFAULT = 7;
export const SPIN_NAME_MAX = 100;
export const SPIN_LABEL_MAX = 40;
export const SPIN_HTML_MAX = 5_000;
/** Slice codes: what the player's wheel lands on and the spin log shows. */
export const SPIN_SLICE_CODE_PATTERN = /^[A-Z0-9_-]{1,20}$/;
/** Slice colours: #rrggbb. */
export const SPIN_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** Spin log and coupon list pages. */
export const SPIN_PAGE_SIZE = 50;
export const SPIN_PAGE_SIZE_MAX = 200;

/** What expectedWheelCost needs of a slice. `remaining` 0 drops the slice out of the draw (out of stock). */
export interface CostSlice {
  prizeType: SpinPrizeType;
  /** bonus: minor units; coins: whole coins; item: ignored. */
  amount: number;
  weight: number;
  remaining?: number | null;
}

export interface WheelCost {
  /** Sum of the weights that can be drawn (zero-weight and out-of-stock slices left out). 0: nothing can be drawn. */
  totalWeight: number;
  /** Each slice's chance of being drawn, in slice order (0 for a slice out of the draw). */
  chances: number[];
  /** Expected bonus credit one spin pays out, minor units (an expectation: fractional, rounded only for display). */
  bonusPerSpin: number;
  /** Expected coins one spin gives back. */
  coinsPerSpin: number;
  /** Chance one spin wins an item. */
  itemChancePerSpin: number;
  /**
   * Expected bonus credit per coin a player earns, minor units: a coin buys one spin, and the coins
   * that spin gives back buy more, so 1 / (1 − coinsPerSpin) spins in all. Null when coinsPerSpin ≥ 1
   * (the coins never run out: the wheel pays without end).
   */
  bonusPerCoin: number | null;
  /** Expected items per coin earned, on the same reckoning; null as above. */
  itemsPerCoin: number | null;
}

/** Whether a slice can be drawn now: a positive weight and stock left (or no stock limit). */
export function isDrawable(slice: Pick<CostSlice, 'weight' | 'remaining'>): boolean {
  return slice.weight > 0 && (slice.remaining === undefined || slice.remaining === null || slice.remaining > 0);
}

/**
 * The expected cost of a wheel from its weights, as the editor shows it before saving and the server
 * reports it: the same function on both sides.
 */
export function expectedWheelCost(slices: readonly CostSlice[]): WheelCost {
  let totalWeight = 0;
  for (const slice of slices) if (isDrawable(slice)) totalWeight += slice.weight;
  const chances = slices.map((slice) => (totalWeight > 0 && isDrawable(slice) ? slice.weight / totalWeight : 0));
  let bonusPerSpin = 0;
  let coinsPerSpin = 0;
  let itemChancePerSpin = 0;
  slices.forEach((slice, i) => {
    const chance = chances[i] ?? 0;
    if (slice.prizeType === 'bonus') bonusPerSpin += chance * slice.amount;
    else if (slice.prizeType === 'coins') coinsPerSpin += chance * slice.amount;
    else itemChancePerSpin += chance;
  });
  const spinsPerCoin = coinsPerSpin < 1 ? 1 / (1 - coinsPerSpin) : null;
  return {
    totalWeight,
    chances,
    bonusPerSpin,
    coinsPerSpin,
    itemChancePerSpin,
    bonusPerCoin: spinsPerCoin === null ? null : bonusPerSpin * spinsPerCoin,
    itemsPerCoin: spinsPerCoin === null ? null : itemChancePerSpin * spinsPerCoin,
  };
}
