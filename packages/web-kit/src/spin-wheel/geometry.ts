import { SPIN_WHEEL } from '@wallet/contract/constants';

/**
 * Pure wheel geometry (SPEC §2 Spin, §4 Spin, §9). Angles are radians, clockwise, as the canvas turns.
 * The pointer is fixed at the top of the wheel. Unrotated, slice i spans [i·s, (i+1)·s) clockwise from
 * the top, where s = 2π / sliceCount; the wheel's rotation r turns every slice clockwise by r.
 */
export const TAU = Math.PI * 2;

/** The angle one slice spans. */
export function sliceAngle(sliceCount: number): number {
  if (!Number.isInteger(sliceCount) || sliceCount < 1)
    throw new RangeError(`sliceCount must be ≥ 1, got ${sliceCount}`);
  return TAU / sliceCount;
}

/** Start and end angle of slice i (unrotated, from the top, clockwise). */
export function sliceBounds(index: number, sliceCount: number): { start: number; end: number } {
  const s = sliceAngle(sliceCount);
  return { start: index * s, end: (index + 1) * s };
}

/** Normalises an angle into [0, 2π). */
export function normalizeAngle(angle: number): number {
  const a = angle % TAU;
  // + 0 turns −0 into 0.
  return a < 0 ? a + TAU : a + 0;
}

/** Which slice sits under the pointer when the wheel is turned by rotation. */
export function sliceUnderPointer(rotation: number, sliceCount: number): number {
  // The pointer at the top reads the wheel's own angle −rotation.
  const s = sliceAngle(sliceCount);
  const index = Math.floor(normalizeAngle(-rotation) / s);
  return Math.min(index, sliceCount - 1);
}

/** A whole number of extra turns in [minExtraTurns, maxExtraTurns] from a random number in [0, 1). */
export function pickExtraTurns(random: number = Math.random()): number {
  const { minExtraTurns, maxExtraTurns } = SPIN_WHEEL;
  const span = maxExtraTurns - minExtraTurns + 1;
  return minExtraTurns + Math.min(span - 1, Math.floor(clamp01(random) * span));
}

/** Spin duration in ms: random 4 to 5 s, times turns, times 0.1 (SPEC §9). */
export function spinDurationMs(extraTurns: number, random: number = Math.random()): number {
  const { minDurationS, maxDurationS, durationTurnFactor } = SPIN_WHEEL;
  const seconds = minDurationS + clamp01(random) * (maxDurationS - minDurationS);
  return Math.round(seconds * extraTurns * durationTurnFactor * 1000);
}

/**
 * The final rotation that puts slice `index` under the pointer after `extraTurns` full turns beyond the
 * current rotation, always turning forwards. `jitter` in [0, 1) picks where inside the slice the pointer
 * stops, kept 15% away from each edge so the result is never ambiguous; 0.5 is the slice's middle.
 */
export function landingRotation(options: {
  from: number;
  index: number;
  sliceCount: number;
  extraTurns: number;
  jitter?: number;
}): number {
  const { from, index, sliceCount, extraTurns } = options;
  if (!Number.isInteger(index) || index < 0 || index >= sliceCount) {
    throw new RangeError(`slice ${index} is not on a wheel of ${sliceCount}`);
  }
  const s = sliceAngle(sliceCount);
  const within = 0.15 + 0.7 * clamp01(options.jitter ?? 0.5);
  // The wheel angle that must come under the pointer, and the rotation that brings it there: r ≡ −angle.
  const target = normalizeAngle(-(index + within) * s);
  const forward = normalizeAngle(target - from);
  return from + extraTurns * TAU + forward;
}

/**
 * Friction easing: the wheel's speed is multiplied by `friction` every frame (60 frames a second), so the
 * distance covered after k frames is proportional to 1 − friction^k; normalised so the wheel covers exactly
 * the planned distance at the end. progress is elapsed/duration in [0, 1]; returns the share covered.
 */
export function frictionEase(progress: number, durationMs: number, friction: number = SPIN_WHEEL.friction): number {
  if (!(progress > 0)) return 0;
  if (progress >= 1) return 1;
  const p = progress;
  const frames = Math.max(1, (durationMs / 1000) * 60);
  const end = 1 - friction ** frames;
  return (1 - friction ** (p * frames)) / end;
}

/** The rotation at a moment of a spin from `from` to `to`. */
export function rotationAt(elapsedMs: number, plan: { from: number; to: number; durationMs: number }): number {
  if (plan.durationMs <= 0) return plan.to;
  const share = frictionEase(elapsedMs / plan.durationMs, plan.durationMs);
  if (share >= 1) return plan.to;
  return plan.from + (plan.to - plan.from) * share;
}

/** A whole spin, planned once the server has chosen the slice. */
export interface SpinPlan {
  from: number;
  to: number;
  durationMs: number;
  extraTurns: number;
}

export function planSpin(options: {
  from: number;
  index: number;
  sliceCount: number;
  random?: () => number;
}): SpinPlan {
  const random = options.random ?? Math.random;
  const extraTurns = pickExtraTurns(random());
  const durationMs = spinDurationMs(extraTurns, random());
  const to = landingRotation({
    from: options.from,
    index: options.index,
    sliceCount: options.sliceCount,
    extraTurns,
    jitter: random(),
  });
  return { from: options.from, to, durationMs, extraTurns };
}

/** The canvas edge in CSS pixels: the smaller of 350 px and 85% of the window width. */
export function wheelSizePx(windowWidth: number): number {
  return Math.floor(Math.min(SPIN_WHEEL.maxSizePx, windowWidth * SPIN_WHEEL.windowWidthShare));
}

function clamp01(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 - Number.EPSILON : value;
}
