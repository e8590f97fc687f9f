import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OtpRequestRow, OtpRequestsTable } from '../../db/schema.ts';

export async function insertOtp(db: Kysely<Database>, row: Insertable<OtpRequestsTable>): Promise<void> {
  await db.insertInto('otp_requests').values(row).execute();
}

export async function findOtpByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<OtpRequestRow | undefined> {
  return db.selectFrom('otp_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function latestOtpForPhone(db: Kysely<Database>, phone: string): Promise<OtpRequestRow | undefined> {
  return db
    .selectFrom('otp_requests')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countOtpSendsSince(db: Kysely<Database>, phone: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('otp_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A verified, not yet used OTP for this phone: what registration needs while OTP registration is on. */
export async function findUsableVerification(
  db: Kysely<Database>,
  phone: string,
  since: number,
): Promise<OtpRequestRow | undefined> {
  return db
    .selectFrom('otp_requests')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', 'register')
    .where('verified_at', 'is not', null)
    .where('consumed_at', 'is', null)
    .where('verified_at', '>=', since)
    .orderBy('verified_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Spends one guess before the code is compared. Doing it in one conditional update means racing
 * guesses can never exceed the limit between a read and a write.
 */
export async function takeAttempt(db: Kysely<Database>, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markVerified(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_requests')
    .set({ verified_at: now })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markConsumed(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('otp_requests').set({ consumed_at: now }).where('id', '=', id).execute();
}

/**
 * Spends a verified password-reset code, once: the conditional update is the lock, so two resets racing
 * with one code cannot both pass. Answers the phone it proved, or nothing.
 */
export async function consumeResetVerification(
  trx: Transaction<Database>,
  tokenHash: string,
  verifiedSince: number,
  now: number,
): Promise<string | undefined> {
  const otp = await trx
    .selectFrom('otp_requests')
    .select(['id', 'phone'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'reset')
    .where('verified_at', 'is not', null)
    .where('verified_at', '>=', verifiedSince)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (!otp) return undefined;
  const result = await trx
    .updateTable('otp_requests')
    .set({ consumed_at: now })
    .where('id', '=', otp.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? otp.phone : undefined;
}
