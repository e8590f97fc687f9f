import type { LoginLockView } from '@wallet/contract/backoffice/login-lock';
import type { Kysely } from 'kysely';
import { giveBackSlot, takeSlot } from './rate-counters.repo.ts';
import type { Database } from './schema.ts';

/**
 * Failed sign-ins, counted in auth_failures in fixed windows under three keys per attempt: the account
 * (a player's phone or an operator's username, from anywhere), the account at one address, and the
 * address for any account. Players' sign-in (account feature) and operators' (back office) count here,
 * and the back office reads a player's count, so the keys are named in this one place.
 */
export type LoginAudience = 'player' | 'operator';

const KEY_PREFIXES: Record<LoginAudience, { account: string; pair: string; address: string }> = {
  player: { account: 'login-phone:', pair: 'login:', address: 'login-ip:' },
  operator: { account: 'operator-login:', pair: 'operator-login-pair:', address: 'operator-login-ip:' },
};

export interface LoginLimits {
  /** Failures per account from anywhere before the account is locked to the addresses that failed. */
  perAccount: number;
  /** Failures per account at one address, and per address for any account, before that address is refused. */
  perPair: number;
  perAddress: number;
  windowMs: number;
}

export function accountFailureKey(audience: LoginAudience, account: string): string {
  return `${KEY_PREFIXES[audience].account}${account}`;
}

function pairKey(audience: LoginAudience, account: string, address: string): string {
  return `${KEY_PREFIXES[audience].pair}${address}:${account}`;
}

/** One sign-in attempt's slots: kept when it fails (the failure count), given back when it does not count. */
export interface LoginAttempt {
  /** The attempt does not count after all: it succeeded, or stopped before the password was judged. */
  giveBack(): Promise<void>;
  /** The right password: the slots go back and the address's failures at this account are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Takes one slot of each limit before a password is checked, so guesses racing each other are counted
 * too; answers null (every slot given back: a refused attempt checks nothing and counts nowhere) when
 * the attempt is refused unchecked. An address past its own limits is refused. An account past its limit
 * is locked, but only to addresses with a recent failure: an attempt from an address with none (its slot
 * is the first in its window) is still checked, so wrong passwords from many addresses cannot lock the
 * owner out, and each of those addresses gets one guess while the account is locked.
 */
export async function beginLoginAttempt(
  db: Kysely<Database>,
  audience: LoginAudience,
  account: string,
  address: string,
  limits: LoginLimits,
  now: number,
): Promise<LoginAttempt | null> {
  const pair = pairKey(audience, account, address);
  const keys = [pair, accountFailureKey(audience, account), `${KEY_PREFIXES[audience].address}${address}`];
  const [pairCount, accountCount, addressCount] = [
    await takeSlot(db, 'auth_failures', keys[0] as string, now, limits.windowMs),
    await takeSlot(db, 'auth_failures', keys[1] as string, now, limits.windowMs),
    await takeSlot(db, 'auth_failures', keys[2] as string, now, limits.windowMs),
  ] as [number, number, number];
  const giveBack = async () => {
    for (const key of keys) await giveBackSlot(db, 'auth_failures', key);
  };
  const cleanAddress = addressCount === 1;
  if (
    pairCount > limits.perPair ||
    addressCount > limits.perAddress ||
    (accountCount > limits.perAccount && !cleanAddress)
  ) {
    await giveBack();
    return null;
  }
  return {
    giveBack,
    async succeeded() {
      await db.deleteFrom('auth_failures').where('key', '=', pair).execute();
      for (const key of keys.slice(1)) await giveBackSlot(db, 'auth_failures', key);
    },
  };
}

/**
 * Failures of one account in the current window, from how many addresses, and the lock's end (ISO
 * time) if locked: as the back office shows it (contract backoffice/login-lock.ts).
 */
export type LoginLock = LoginLockView;

/** The account's failed sign-ins in the window now running, or null when there are none. */
export async function loginLockOf(
  db: Kysely<Database>,
  audience: LoginAudience,
  account: string,
  limits: Pick<LoginLimits, 'perAccount' | 'windowMs'>,
  now: number,
): Promise<LoginLock | null> {
  const since = now - limits.windowMs;
  const row = await db
    .selectFrom('auth_failures')
    .select(['count', 'window_start'])
    .where('key', '=', accountFailureKey(audience, account))
    .where('window_start', '>=', since)
    .executeTakeFirst();
  const failures = row ? Number(row.count) : 0;
  if (failures <= 0 || !row) return null;
  // `_` in a username matches any character here; the suffix test below keeps exactly this account's keys.
  const pattern = `${KEY_PREFIXES[audience].pair}%:${account}`;
  const pairs = await db
    .selectFrom('auth_failures')
    .select('key')
    .where('key', 'like', pattern)
    .where('count', '>', 0)
    .where('window_start', '>=', since)
    .execute();
  const suffix = `:${account}`;
  return {
    failures,
    addresses: pairs.filter((pair) => pair.key.endsWith(suffix)).length,
    lockedUntil:
      failures >= limits.perAccount ? new Date(Number(row.window_start) + limits.windowMs).toISOString() : null,
  };
}
