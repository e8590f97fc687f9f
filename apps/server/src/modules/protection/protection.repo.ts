import type { LimitPeriod, ProtectionReportKind } from '@wallet/contract/protection-rules';
import { COOLING_OFF_MS, DEPOSIT_HOLD_REASONS } from '@wallet/contract/protection-rules';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { readListPage } from '../../db/list-window.ts';
import type { PendingLimitRow, PlayerProtectionRow, ProtectionEventsTable } from '../../db/schema/protection.ts';
import type { Database } from '../../db/schema.ts';

type Reader = Kysely<Database> | Transaction<Database>;

export async function findProtection(db: Reader, userId: string): Promise<PlayerProtectionRow | undefined> {
  return db.selectFrom('player_protection').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The player's row inside a writing transaction, made on first use and locked on PostgreSQL so two
 * changes of one player's protection run one after the other (SQLite writes one at a time anyway).
 */
export async function lockProtection(
  trx: Transaction<Database>,
  dialect: Db['dialect'],
  userId: string,
  now: number,
): Promise<PlayerProtectionRow> {
  await trx
    .insertInto('player_protection')
    .values({ user_id: userId, reality_check_minutes: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  let query = trx.selectFrom('player_protection').selectAll().where('user_id', '=', userId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/**
 * The player's row, if any, locked on PostgreSQL until the transaction ends: money arriving for one
 * player at once is judged against the limits one deposit after the other, each seeing the other's credit
 * (SQLite runs one writing transaction at a time anyway). A player who never set anything has no row and
 * nothing to judge.
 */
export async function lockExistingProtection(
  trx: Transaction<Database>,
  dialect: Db['dialect'],
  userId: string,
): Promise<PlayerProtectionRow | undefined> {
  let query = trx.selectFrom('player_protection').selectAll().where('user_id', '=', userId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateProtection(
  trx: Transaction<Database>,
  userId: string,
  changes: Partial<Omit<PlayerProtectionRow, 'user_id'>>,
  now: number,
): Promise<void> {
  await trx
    .updateTable('player_protection')
    .set({ ...changes, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

export async function pendingLimits(db: Reader, userId: string): Promise<PendingLimitRow[]> {
  return db.selectFrom('protection_pending_limits').selectAll().where('user_id', '=', userId).execute();
}

export async function setPendingLimit(trx: Transaction<Database>, row: PendingLimitRow): Promise<void> {
  await trx
    .insertInto('protection_pending_limits')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'period']).doUpdateSet({
        amount: row.amount,
        requested_at: row.requested_at,
        applies_at: row.applies_at,
      }),
    )
    .execute();
}

export async function deletePendingLimit(trx: Transaction<Database>, userId: string, period: LimitPeriod) {
  await trx
    .deleteFrom('protection_pending_limits')
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .execute();
}

export async function insertEvent(db: Reader, row: ProtectionEventsTable): Promise<void> {
  await db.insertInto('protection_events').values(row).execute();
}

export async function listEvents(db: Reader, userId: string, page: number, limit: number) {
  const matching = db.selectFrom('protection_events').where('user_id', '=', userId);
  const { rows, ...count } = await readListPage(db, matching, { page, limit }, (offset) =>
    matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  );
  return { items: rows, ...count };
}

/**
 * The player's deposits held by their protection and still waiting, newest first: bank transfers kept
 * UNMATCHED for them, slips held for an operator, QR payments held. Read from the held records
 * themselves, so one the operator credited or returned is no longer listed.
 */
export async function heldDeposits(
  db: Reader,
  userId: string,
  limit: number,
): Promise<Array<{ amount: number; at: number; reason: string }>> {
  const [transfers, slips, payments] = await Promise.all([
    db
      .selectFrom('bank_transfers')
      .select(['amount', 'created_at', 'reason'])
      .where('user_id', '=', userId)
      .where('status', '=', 'UNMATCHED')
      .where('reason', 'in', DEPOSIT_HOLD_REASONS)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('slips')
      .select(['amount', 'updated_at', 'hold_reason'])
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .where('hold_reason', 'in', DEPOSIT_HOLD_REASONS)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('qr_payments as p')
      .innerJoin('qrcodes as q', 'q.id', 'p.qrcode_id')
      .select(['p.amount', 'p.created_at', 'p.hold_reason'])
      .where('q.user_id', '=', userId)
      .where('p.outcome', '=', 'PROTECTION_HOLD')
      .orderBy('p.created_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return [
    ...transfers.map((t) => ({ amount: Number(t.amount), at: Number(t.created_at), reason: t.reason ?? '' })),
    ...slips.map((s) => ({ amount: Number(s.amount), at: Number(s.updated_at), reason: s.hold_reason ?? '' })),
    // A payment held before its reason was kept (migration 028) reads as a limit hold.
    ...payments.map((p) => ({
      amount: Number(p.amount),
      at: Number(p.created_at),
      reason: p.hold_reason ?? 'DEPOSIT_LIMIT',
    })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, limit);
}

/**
 * What the player deposited since `since` (minor units): successful deposits and deposit notices
 * still waiting for an operator, so several notices cannot together pass a limit.
 */
export async function depositedSince(db: Reader, userId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('statements')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('statement_type', '=', 'deposit')
    .where('status', 'in', ['SUCCESS', 'PENDING'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** When the oldest deposit counted since `since` was made (ms), or null: when a used-up window frees. */
export async function oldestDepositSince(db: Reader, userId: string, since: number): Promise<number | null> {
  const row = await db
    .selectFrom('statements')
    .select((eb) => eb.fn.min<string | number>('created_at').as('oldest'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('statement_type', '=', 'deposit')
    .where('status', 'in', ['SUCCESS', 'PENDING'])
    .executeTakeFirst();
  return row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
}

/** The player's money movements since `since`, summed by type and direction (reality check). */
export async function movementsSince(db: Reader, userId: string, since: number) {
  return db
    .selectFrom('statements')
    .select(['statement_type', 'from_code', 'to_code', 'status'])
    .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('status', '!=', 'FAILED')
    .groupBy(['statement_type', 'from_code', 'to_code', 'status'])
    .execute();
}

export async function sessionOf(db: Reader, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The player behind a live session token hash, or undefined (public routes that may carry a token). */
export async function liveSessionUser(db: Reader, tokenHash: string, now: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

export async function playerExists(db: Reader, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

/** Players by the protection active at `now`, most recently changed first. */
export async function reportRows(db: Reader, kind: ProtectionReportKind, now: number, page: number, limit: number) {
  const base = db
    .selectFrom('player_protection as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where((eb) => {
      const limits = eb.or([
        eb('p.day_limit', 'is not', null),
        eb('p.week_limit', 'is not', null),
        eb('p.month_limit', 'is not', null),
      ]);
      const timeout = eb('p.timeout_ends_at', '>', now);
      const excluded = eb('p.exclusion_ends_at', '>', now);
      const closed = eb.and([eb('p.exclusion_ends_at', '<=', now), eb('p.return_requested_at', 'is', null)]);
      const coolingOff = eb.and([
        eb('p.exclusion_ends_at', '<=', now),
        eb('p.return_requested_at', '>', now - COOLING_OFF_MS),
      ]);
      switch (kind) {
        case 'limits':
          return limits;
        case 'timeout':
          return timeout;
        case 'excluded':
          return excluded;
        case 'closed':
          return closed;
        case 'cooling_off':
          return coolingOff;
        default:
          return eb.or([limits, timeout, excluded, closed, coolingOff]);
      }
    });
  const { rows, ...count } = await readListPage(db, base, { page, limit }, (offset) =>
    base
      .selectAll('p')
      .select(['u.username', 'u.name'])
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.user_id')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
  return { items: rows, ...count };
}
