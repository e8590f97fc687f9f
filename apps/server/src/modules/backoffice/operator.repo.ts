import type { Kysely, Transaction } from 'kysely';
import type { NewOperator, OperatorRow, OperatorsTable } from '../../db/schema/backoffice.ts';
import type { Database } from '../../db/schema.ts';

export async function findOperatorByUsername(db: Kysely<Database>, username: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findOperatorById(db: Kysely<Database>, id: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Read inside the transaction that changes the row, so the audit's "before" is what was changed. */
export async function lockOperator(trx: Transaction<Database>, id: string, dialect: 'sqlite' | 'postgres') {
  let query = trx.selectFrom('operators').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listOperators(db: Kysely<Database>): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('username').execute();
}

export async function countActiveOperators(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOperator(trx: Transaction<Database>, row: NewOperator): Promise<void> {
  await trx.insertInto('operators').values(row).execute();
}

export async function updateOperator(
  trx: Transaction<Database>,
  id: string,
  changes: Partial<Omit<OperatorsTable, 'id' | 'created_at'>>,
): Promise<void> {
  await trx.updateTable('operators').set(changes).where('id', '=', id).execute();
}

export async function insertOperatorSession(
  trx: Transaction<Database>,
  session: { tokenHash: string; operatorId: string; now: number; expiresAt: number },
): Promise<void> {
  await trx
    .insertInto('operator_sessions')
    .values({
      token_hash: session.tokenHash,
      operator_id: session.operatorId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/**
 * Counts this call as activity on a live session and answers its operator; a session idle since
 * before `idleSince`, past its end, or revoked is not touched and answers nothing. One statement, so
 * a session cannot be revived between the check and the touch.
 */
export async function touchOperatorSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
  idleSince: number,
): Promise<{ operator_id: string; expires_at: number } | undefined> {
  const row = await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .returning(['operator_id', 'expires_at'])
    .executeTakeFirst();
  return row ? { operator_id: row.operator_id, expires_at: Number(row.expires_at) } : undefined;
}

export async function revokeOperatorSession(trx: Transaction<Database>, tokenHash: string, now: number): Promise<void> {
  await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an operator, or every one but `keepTokenHash`. */
export async function revokeOperatorSessions(
  trx: Transaction<Database>,
  operatorId: string,
  now: number,
  keepTokenHash?: string,
): Promise<void> {
  let query = trx
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}

/**
 * Records that a code of `step` was used, unless a code of that step or a later one already was:
 * false then, and the caller refuses the code as replayed.
 */
export async function claimTotpStep(trx: Transaction<Database>, operatorId: string, step: number): Promise<boolean> {
  const result = await trx
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
