import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
/** What every hash made by a running server costs: 16 MiB and tens of milliseconds of one core. */
const PRODUCTION_PARAMS = { N: 16384, r: 8, p: 1 } as const;
/**
 * Only with NODE_ENV=test, which Vitest sets for the server it runs in-process; every start of the server
 * (npm start, npm run dev, the end-to-end and process tests) runs as production or development, at full cost.
 * The suite registers and signs in thousands of players, each paying a full scrypt on a 2-CPU CI machine;
 * what it checks is that passwords are salted, hashed and compared, not how slowly. A hash records its own
 * cost, so a hash made at either cost verifies anywhere.
 */
const TEST_PARAMS = { N: 1024, r: 8, p: 1 } as const;
const PARAMS = process.env.NODE_ENV === 'test' ? TEST_PARAMS : PRODUCTION_PARAMS;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Stored as scrypt$N$r$p$salt$hash so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to verify against when the user does not exist, so a wrong phone costs as long as a wrong password. */
export const DUMMY_PASSWORD_HASH = await hashPassword('no-such-user-password');
