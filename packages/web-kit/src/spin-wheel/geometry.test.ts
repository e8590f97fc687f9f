import { SPIN_WHEEL } from '@wallet/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  frictionEase,
  landingRotation,
  pickExtraTurns,
  planSpin,
  rotationAt,
  sliceUnderPointer,
  spinDurationMs,
  TAU,
  wheelSizePx,
} from './geometry';

/** A small deterministic generator so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('spin wheel geometry', () => {
  it('reads slice 0 under the pointer at rotation 0 and the last slice just before it', () => {
    expect(sliceUnderPointer(0, 8)).toBe(0);
    // Turning the wheel clockwise brings the slices before 0 (counter-clockwise of it) under the pointer.
    expect(sliceUnderPointer(0.01, 8)).toBe(7);
    expect(sliceUnderPointer(-0.01, 8)).toBe(0);
    expect(sliceUnderPointer(-TAU / 8 - 0.01, 8)).toBe(1);
  });

  it('stops on the chosen slice for every slice count 2–16, every slice, every turn count, any start and jitter', () => {
    const random = seeded(16);
    for (let count = 2; count <= 16; count += 1) {
      for (let index = 0; index < count; index += 1) {
        for (let turns = SPIN_WHEEL.minExtraTurns; turns <= SPIN_WHEEL.maxExtraTurns; turns += 1) {
          for (const jitter of [0, 0.5, 1 - Number.EPSILON, random(), random()]) {
            const from = (random() - 0.3) * 40 * TAU;
            const to = landingRotation({ from, index, sliceCount: count, extraTurns: turns, jitter });
            expect(sliceUnderPointer(to, count), `count ${count} slice ${index} turns ${turns}`).toBe(index);
            // Always forwards, at least the extra turns and less than one more turn beyond them.
            expect(to - from).toBeGreaterThanOrEqual(turns * TAU);
            expect(to - from).toBeLessThan((turns + 1) * TAU);
            // The animation's last frame is exactly the landing rotation.
            expect(rotationAt(10_000, { from, to, durationMs: 2_000 })).toBe(to);
          }
        }
      }
    }
  });

  it('plans whole spins that land on the chosen slice with 3–5 turns and 4–5 s × turns × 0.1', () => {
    const random = seeded(7);
    for (let count = 2; count <= 16; count += 1) {
      let from = 0;
      for (let round = 0; round < 40; round += 1) {
        const index = Math.floor(random() * count);
        const plan = planSpin({ from, index, sliceCount: count, random });
        expect(sliceUnderPointer(plan.to, count)).toBe(index);
        expect(plan.extraTurns).toBeGreaterThanOrEqual(3);
        expect(plan.extraTurns).toBeLessThanOrEqual(5);
        expect(plan.durationMs).toBeGreaterThanOrEqual(4_000 * plan.extraTurns * 0.1);
        expect(plan.durationMs).toBeLessThanOrEqual(5_000 * plan.extraTurns * 0.1);
        from = plan.to;
      }
    }
  });

  it('picks every turn count from 3 to 5 and duration bounds from the random number', () => {
    expect(pickExtraTurns(0)).toBe(3);
    expect(pickExtraTurns(0.5)).toBe(4);
    expect(pickExtraTurns(0.999999)).toBe(5);
    expect(pickExtraTurns(1)).toBe(5);
    expect(spinDurationMs(3, 0)).toBe(1_200);
    expect(spinDurationMs(5, 0.999999)).toBe(2_500);
  });

  it('eases with friction 0.991 per frame: fast at first, slowing, monotonic, from 0 to exactly 1', () => {
    const duration = 2_000;
    expect(frictionEase(0, duration)).toBe(0);
    expect(frictionEase(1, duration)).toBe(1);
    let previous = 0;
    let previousStep = Number.POSITIVE_INFINITY;
    for (let step = 1; step <= 100; step += 1) {
      const value = frictionEase(step / 100, duration);
      expect(value).toBeGreaterThan(previous);
      expect(value - previous).toBeLessThan(previousStep);
      previousStep = value - previous;
      previous = value;
    }
    // Each 60th of a second keeps 0.991 of the speed.
    const frame = 1000 / 60 / duration;
    const first = frictionEase(frame, duration);
    const second = frictionEase(2 * frame, duration) - first;
    expect(second / first).toBeCloseTo(SPIN_WHEEL.friction, 10);
  });

  it('sizes the wheel at the smaller of 350 px and 85% of the window width', () => {
    expect(wheelSizePx(390)).toBe(331);
    expect(wheelSizePx(320)).toBe(272);
    expect(wheelSizePx(1280)).toBe(350);
  });

  it('refuses a slice that is not on the wheel', () => {
    expect(() => landingRotation({ from: 0, index: 8, sliceCount: 8, extraTurns: 3 })).toThrow(RangeError);
    expect(() => landingRotation({ from: 0, index: -1, sliceCount: 8, extraTurns: 3 })).toThrow(RangeError);
  });
});
