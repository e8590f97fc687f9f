import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Whether a player has registered with this phone (a player's username is their phone). Here, not in
 * the account feature's repo, because OTP asks it too (no code for a number already registered) and
 * features do not import each other.
 */
export async function isPhoneRegistered(db: Kysely<Database>, phone: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirst();
  return row !== undefined;
}
