import { hash, randomBytes, randomInt } from 'node:crypto';

// No 0/O or 1/I: player ids are read aloud to support and typed into invite codes.
const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Random bytes drawn from the CSPRNG in blocks: every money movement makes ids, and one randomInt()
 * per character cost more than the rest of the id. A byte's low 5 bits pick one of the 32 characters
 * uniformly, because 32 divides 256.
 */
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let poolOffset = 0;

export function randomId(length = 10): string {
  if (poolOffset + length > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  let id = '';
  for (let i = 0; i < length; i++) id += ID_ALPHABET[(pool[poolOffset++] as number) & 31];
  return id;
}

/** An opaque bearer secret (tokens, OTP tokens): 256 random bits. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  // The one-shot form: no Hash object per call (it runs on every player request).
  return hash('sha256', value, 'hex');
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

let sequence = 0;

/**
 * An id that sorts by creation: the timestamp, then a per-process sequence, then randomness for
 * uniqueness across instances. Rows created in the same millisecond (or under a test's frozen clock)
 * still list in the order they were made.
 */
export function orderedId(now: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${orderedIdFloor(now)}${sequence.toString(36).padStart(4, '0')}${randomId(7)}`;
}

/**
 * The timestamp part of orderedId: every id made at `time` or later sorts at or after it, every one
 * made earlier before it. A time range of rows keyed by orderedId is a range of their primary key.
 */
export function orderedIdFloor(time: number): string {
  return Math.max(0, Math.trunc(time)).toString(36).padStart(9, '0');
}
