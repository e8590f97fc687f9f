import type { MoneyQueue, MoneyQueueQueryParsed } from '@wallet/contract/backoffice/money-desk';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One open queue item as every queue reads it, whatever table it lives in. */
export interface QueueRow {
  id: string;
  amount: number;
  currency: string | null;
  created_at: number;
  user_id: string | null;
  username: string | null;
  name: string | null;
  bank_code: string | null;
  bank_account_no: string | null;
  from_bank_code: string | null;
  from_account_no: string | null;
  reference: string | null;
  reason: string | null;
  review: string | null;
  first_approved_by: string | null;
  first_approved_by_name: string | null;
  claim_operator_id: string | null;
  claim_operator_username: string | null;
  claim_expires_at: number | null;
}

type Open = SelectQueryBuilder<Database, keyof Database, QueueRow>;

/**
 * The open items of one queue, as a query the caller pages, filters or narrows to one id:
 * transfers the feed could not match, manual notices not yet decided, slips the verifier left for an
 * operator, withdrawals not yet paid or failed.
 */
function openItems(db: Kysely<Database>, queue: MoneyQueue, now: number): Open {
  const claimColumns = [
    'c.operator_id as claim_operator_id',
    'c.operator_username as claim_operator_username',
    'c.expires_at as claim_expires_at',
  ] as const;
  switch (queue) {
    case 'transfers':
      return db
        .selectFrom('bank_transfers as t')
        .leftJoin('operator_claims as c', (join) =>
          join.onRef('c.item_id', '=', 't.id').on('c.queue', '=', queue).on('c.expires_at', '>', now),
        )
        .where('t.status', '=', 'UNMATCHED')
        .select([
          't.id',
          't.amount',
          't.currency',
          't.created_at',
          sql<null>`null`.as('user_id'),
          sql<null>`null`.as('username'),
          sql<null>`null`.as('name'),
          sql<null>`null`.as('bank_code'),
          sql<null>`null`.as('bank_account_no'),
          't.from_bank_code',
          't.from_account_no',
          't.reference',
          't.reason',
          sql<null>`null`.as('review'),
          sql<null>`null`.as('first_approved_by'),
          sql<null>`null`.as('first_approved_by_name'),
          ...claimColumns,
        ]) as unknown as Open;
    case 'manual-deposits':
      return db
        .selectFrom('manual_deposits as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('operator_claims as c', (join) =>
          join.onRef('c.item_id', '=', 't.id').on('c.queue', '=', queue).on('c.expires_at', '>', now),
        )
        .where('t.status', '=', 'PENDING')
        .select([
          't.id',
          't.amount',
          't.currency',
          't.created_at',
          't.user_id',
          'u.username',
          'u.name',
          'u.bank_code',
          'u.bank_account_no',
          't.from_bank_code',
          't.from_account_no',
          sql<null>`null`.as('reference'),
          sql<null>`null`.as('reason'),
          sql<null>`null`.as('review'),
          sql<null>`null`.as('first_approved_by'),
          sql<null>`null`.as('first_approved_by_name'),
          ...claimColumns,
        ]) as unknown as Open;
    case 'slips':
      return db
        .selectFrom('slips as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('operator_claims as c', (join) =>
          join.onRef('c.item_id', '=', 't.id').on('c.queue', '=', queue).on('c.expires_at', '>', now),
        )
        .where('t.status', '=', 'processing')
        .where('t.hold_reason', 'is not', null)
        .select([
          't.id',
          't.amount',
          sql<string>`'THB'`.as('currency'),
          't.created_at',
          't.user_id',
          'u.username',
          'u.name',
          'u.bank_code',
          'u.bank_account_no',
          't.sender_bank_code as from_bank_code',
          't.sender_account_no as from_account_no',
          't.reference',
          't.hold_reason as reason',
          sql<null>`null`.as('review'),
          sql<null>`null`.as('first_approved_by'),
          sql<null>`null`.as('first_approved_by_name'),
          ...claimColumns,
        ]) as unknown as Open;
    case 'withdrawals':
      return db
        .selectFrom('withdrawals as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('operator_claims as c', (join) =>
          join.onRef('c.item_id', '=', 't.id').on('c.queue', '=', queue).on('c.expires_at', '>', now),
        )
        .where('t.status', '=', 'PENDING')
        .select([
          't.id',
          't.amount',
          't.currency',
          't.created_at',
          't.user_id',
          'u.username',
          'u.name',
          'u.bank_code',
          'u.bank_account_no',
          't.bank_code as from_bank_code',
          't.bank_account_no as from_account_no',
          sql<null>`null`.as('reference'),
          't.failure_reason as reason',
          't.review',
          't.first_approved_by',
          't.first_approved_by_name',
          ...claimColumns,
        ]) as unknown as Open;
  }
}

/** `%…%` for LIKE with the user's own % and _ taken literally. */
function containing(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(qb: Open, queue: MoneyQueue, q: string | undefined): Open {
  if (!q) return qb;
  const pattern = containing(q);
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const columns =
    queue === 'transfers'
      ? ['t.reference', 't.from_account_no']
      : queue === 'slips'
        ? ['t.reference', 'u.username', 'u.name', 'u.bank_account_no']
        : ['u.username', 'u.name', 'u.bank_account_no'];
  return qb.where((eb) => eb.or(columns.map((column) => like(column)))) as Open;
}

export async function pageQueue(
  db: Kysely<Database>,
  queue: MoneyQueue,
  query: MoneyQueueQueryParsed,
  now: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const base = filtered(openItems(db, queue, now), queue, query.q);
  const column = query.sort === 'amount' ? 't.amount' : 't.created_at';
  const [rows, count] = await Promise.all([
    base
      .orderBy(sql.ref(column), query.order)
      .orderBy(sql.ref('t.id'), query.order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    (base.clearSelect() as unknown as SelectQueryBuilder<Database, keyof Database, object>)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows: rows.map(normalise), total: Number((count as { n?: unknown } | undefined)?.n ?? 0) };
}

/** One item while it is still open in its queue, or undefined (unknown or already decided). */
export async function findOpenItem(
  db: Kysely<Database>,
  queue: MoneyQueue,
  id: string,
  now: number,
): Promise<QueueRow | undefined> {
  const row = await (openItems(db, queue, now).where(sql.ref('t.id'), '=', id) as Open).executeTakeFirst();
  return row && normalise(row);
}

function normalise(row: QueueRow): QueueRow {
  return {
    ...row,
    amount: Number(row.amount),
    created_at: Number(row.created_at),
    claim_expires_at: row.claim_expires_at === null ? null : Number(row.claim_expires_at),
  };
}

export async function countOpen(db: Kysely<Database>, queue: MoneyQueue, now: number): Promise<number> {
  const row = await (
    openItems(db, queue, now).clearSelect() as unknown as SelectQueryBuilder<Database, keyof Database, object>
  )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number((row as { n?: unknown } | undefined)?.n ?? 0);
}

export async function countAwaitingSecondApproval(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .where('status', '=', 'PENDING')
    .where('review', '=', 'AWAITING')
    .where('first_approved_by', 'is not', null)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes or renews the claim of an item: it succeeds when nobody holds it, the holder's claim has
 * expired, or the caller holds it already. One statement, so two operators claiming together get
 * one claim.
 */
export async function takeClaim(
  db: Kysely<Database>,
  claim: { queue: MoneyQueue; itemId: string; operatorId: string; operatorUsername: string },
  now: number,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .insertInto('operator_claims')
    .values({
      queue: claim.queue,
      item_id: claim.itemId,
      operator_id: claim.operatorId,
      operator_username: claim.operatorUsername,
      claimed_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['queue', 'item_id'])
        .doUpdateSet({
          operator_id: claim.operatorId,
          operator_username: claim.operatorUsername,
          claimed_at: now,
          expires_at: expiresAt,
        })
        .where((eb) =>
          eb.or([
            eb('operator_claims.expires_at', '<=', now),
            eb('operator_claims.operator_id', '=', claim.operatorId),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Lets go of the caller's own claim; false when they did not hold it. */
export async function releaseClaim(
  db: Kysely<Database>,
  queue: MoneyQueue,
  itemId: string,
  operatorId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('operator_claims')
    .where('queue', '=', queue)
    .where('item_id', '=', itemId)
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A decided item needs no claim any more: dropped in the deciding transaction. */
export async function dropClaim(trx: Transaction<Database>, queue: MoneyQueue, itemId: string): Promise<void> {
  await trx.deleteFrom('operator_claims').where('queue', '=', queue).where('item_id', '=', itemId).execute();
}

export async function findLiveClaim(db: Kysely<Database>, queue: MoneyQueue, itemId: string, now: number) {
  return db
    .selectFrom('operator_claims')
    .selectAll()
    .where('queue', '=', queue)
    .where('item_id', '=', itemId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Players by phone (username), name or bank account number, for crediting a transfer. */
export async function searchPlayers(db: Kysely<Database>, q: string, limit: number) {
  const pattern = containing(q);
  const digits = q.replace(/\D/g, '');
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'bank_code', 'bank_account_no'])
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(username) like ${pattern} escape '\\'`,
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        ...(digits.length >= 3 ? [sql<boolean>`bank_account_no like ${`%${digits}%`}`] : []),
        eb('id', '=', q),
      ]),
    )
    .orderBy('username')
    .limit(limit)
    .execute();
}

export function findPlayer(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
}
