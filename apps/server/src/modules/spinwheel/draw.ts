import { randomInt } from 'node:crypto';
import { isDrawable } from '@wallet/contract/backoffice/spinwheel-rules';

/** A random integer in [0, max): crypto.randomInt in the server, anything seeded in a test. */
export type RandomSource = (max: number) => number;

export const cryptoRandom: RandomSource = (max) => randomInt(max);

/**
 * The draw (DESIGN §5): a slice chosen with probability weight / total weight over the slices that
 * can be drawn (a positive weight and stock left). Pure: the random source is a parameter, so the
 * statistical test runs hundreds of thousands of draws in process. Undefined when nothing can be drawn.
 */
export function drawSlice(
  slices: readonly { weight: number; remaining?: number | null }[],
  random: RandomSource = cryptoRandom,
): number | undefined {
  let total = 0;
  for (const slice of slices) if (isDrawable(slice)) total += slice.weight;
  if (total <= 0) return undefined;
  let ticket = random(total);
  for (let i = 0; i < slices.length; i++) {
    const slice = slices[i] as { weight: number; remaining?: number | null };
    if (!isDrawable(slice)) continue;
    if (ticket < slice.weight) return i;
    ticket -= slice.weight;
  }
  throw new Error(`random source answered outside [0, ${total})`);
}
