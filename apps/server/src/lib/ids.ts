import { createHash, randomBytes, randomInt } from 'node:crypto';

// No 0/O or 1/I: player ids are read aloud to support and typed into invite codes.
const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function randomId(length = 10): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** An opaque bearer secret (tokens, OTP tokens): 256 random bits. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
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
  return `${Math.max(0, Math.trunc(now)).toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomId(7)}`;
}
