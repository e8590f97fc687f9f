import type { Insertable, Kysely, Transaction } from 'kysely';
import type { BankAccountChangesTable } from '../../db/schema/account-security.ts';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByBankAccount(
  db: Kysely<Database>,
  bankCode: string,
  bankAccountNo: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('bank_code', '=', bankCode)
    .where('bank_account_no', '=', bankAccountNo)
    .executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: Kysely<Database>, id: string, update: UserUpdate): Promise<void> {
  await db.updateTable('users').set(update).where('id', '=', id).execute();
}

/** Written with the change itself, so a withdrawal that sees the new account also sees when it changed. */
export async function insertBankAccountChange(
  trx: Transaction<Database>,
  change: Insertable<BankAccountChangesTable>,
): Promise<void> {
  await trx.insertInto('bank_account_changes').values(change).execute();
}

export async function insertSession(
  db: Kysely<Database>,
  session: { tokenHash: string; userId: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The live session for a token hash with its user, or nothing when unknown, expired or revoked. */
export async function findLiveSession(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.token_hash', 'sessions.user_id', 'users.status', 'users.username'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** After a password change every other device must log in again. */
export async function revokeOtherSessions(db: Kysely<Database>, userId: string, keepTokenHash: string, now: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** After a password reset no device stays signed in: whoever knew the old password is out too. */
export async function revokeAllSessions(trx: Transaction<Database>, userId: string, now: number): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The bank a player names (registration, profile); the lookup feature lists the same table for the app. */
export async function findBank(db: Kysely<Database>, code: string) {
  return db.selectFrom('banks').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findSource(db: Kysely<Database>, code: string) {
  return db.selectFrom('sources').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertBankChangeRequest(
  db: Kysely<Database>,
  row: Insertable<Database['bank_change_requests']>,
): Promise<void> {
  await db.insertInto('bank_change_requests').values(row).execute();
}

/** The player's newest request, whatever its outcome. */
export async function latestBankChangeRequest(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('bank_change_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
