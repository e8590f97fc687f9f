import type { MoneyQueue, MoneyQueueQueryParsed } from '@wallet/contract/backoffice/money-desk';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { type ListTotal, readListPage } from '../../db/list-window.ts';
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
  /** A held transfer or slip with its first approval: the player it would credit, and why. */
  approval_user_id: string | null;
  approval_username: string | null;
  approval_reason: string | null;
  claim_operator_id: string | null;
  claim_operator_username: string | null;
  claim_expires_at: number | null;
}

type Open = SelectQueryBuilder<Database, keyof Database, QueueRow>;

type QueueColumn = keyof QueueRow;

/**
 * Where each queue's items live and how they read as a QueueRow: the table (aliased `t`), how it names
 * a player (joined as `u`: always, or only some rows, as a transfer held for the player's protection),
 * which rows are still open, and the table's own columns for the row's fields; a field a queue does not
 * have reads null.
 */
interface QueueSource {
  table: 'bank_transfers' | 'manual_deposits' | 'slips' | 'withdrawals';
  player: 'inner' | 'left';
  open: ReadonlyArray<readonly [column: string, operator: '=' | 'is not', value: string | null]>;
  columns: Partial<Record<QueueColumn, string | RawBuilder<unknown>>>;
}

/** The first of two approvals of a held transfer or slip, kept by the desk (joined as `a`). */
const DESK_APPROVAL_COLUMNS: Partial<Record<QueueColumn, string>> = {
  first_approved_by: 'a.operator_id',
  first_approved_by_name: 'a.operator_username',
  approval_user_id: 'a.user_id',
  approval_username: 'a.username',
  approval_reason: 'a.reason',
};

const QUEUE_SOURCES: Record<MoneyQueue, QueueSource> = {
  transfers: {
    table: 'bank_transfers',
    player: 'left',
    open: [['t.status', '=', 'UNMATCHED']],
    columns: {
      ...DESK_APPROVAL_COLUMNS,
      currency: 't.currency',
      from_bank_code: 't.from_bank_code',
      from_account_no: 't.from_account_no',
      reference: 't.reference',
      reason: 't.reason',
    },
  },
  'manual-deposits': {
    table: 'manual_deposits',
    player: 'inner',
    open: [['t.status', '=', 'PENDING']],
    columns: { currency: 't.currency', from_bank_code: 't.from_bank_code', from_account_no: 't.from_account_no' },
  },
  slips: {
    table: 'slips',
    player: 'inner',
    open: [
      ['t.status', '=', 'processing'],
      ['t.hold_reason', 'is not', null],
    ],
    columns: {
      ...DESK_APPROVAL_COLUMNS,
      currency: sql`'THB'`,
      from_bank_code: 't.sender_bank_code',
      from_account_no: 't.sender_account_no',
      reference: 't.reference',
      reason: 't.hold_reason',
    },
  },
  withdrawals: {
    table: 'withdrawals',
    player: 'inner',
    open: [['t.status', '=', 'PENDING']],
    columns: {
      currency: 't.currency',
      from_bank_code: 't.bank_code',
      from_account_no: 't.bank_account_no',
      reason: 't.failure_reason',
      review: 't.review',
      first_approved_by: 't.first_approved_by',
      first_approved_by_name: 't.first_approved_by_name',
    },
  },
};

/** The fields every queue reads the same way: the item, its player, the live claim on it. */
const SHARED_COLUMNS: Partial<Record<QueueColumn, string>> = {
  id: 't.id',
  amount: 't.amount',
  created_at: 't.created_at',
  claim_operator_id: 'c.operator_id',
  claim_operator_username: 'c.operator_username',
  claim_expires_at: 'c.expires_at',
};
const PLAYER_COLUMNS: Partial<Record<QueueColumn, string>> = {
  user_id: 't.user_id',
  username: 'u.username',
  name: 'u.name',
  bank_code: 'u.bank_code',
  bank_account_no: 'u.bank_account_no',
};
const QUEUE_COLUMNS: QueueColumn[] = [
  'id',
  'amount',
  'currency',
  'created_at',
  'user_id',
  'username',
  'name',
  'bank_code',
  'bank_account_no',
  'from_bank_code',
  'from_account_no',
  'reference',
  'reason',
  'review',
  'first_approved_by',
  'first_approved_by_name',
  'approval_user_id',
  'approval_username',
  'approval_reason',
  'claim_operator_id',
  'claim_operator_username',
  'claim_expires_at',
];

/** The table a queue's items live in. */
export function queueTable(queue: MoneyQueue): QueueSource['table'] {
  return QUEUE_SOURCES[queue].table;
}

/**
 * The open items of one queue, as a query the caller pages, filters or narrows to one id:
 * transfers the feed could not match, manual notices not yet decided, slips the verifier left for an
 * operator, withdrawals not yet paid or failed.
 */
function openItems(db: Kysely<Database>, queue: MoneyQueue, now: number): Open {
  const source = QUEUE_SOURCES[queue];
  const columns = { ...SHARED_COLUMNS, ...PLAYER_COLUMNS, ...source.columns };
  // The table is chosen at run time: one of the four, typed as any of them since `t` reads the same.
  const base = db
    .selectFrom(`${source.table} as t` as 'withdrawals as t')
    .leftJoin('operator_claims as c', (join) =>
      join.onRef('c.item_id', '=', 't.id').on('c.queue', '=', queue).on('c.expires_at', '>', now),
    )
    .leftJoin('money_desk_approvals as a', (join) => join.onRef('a.item_id', '=', 't.id').on('a.queue', '=', queue));
  let qb = (source.player === 'inner'
    ? base.innerJoin('users as u', 'u.id', 't.user_id')
    : base.leftJoin('users as u', 'u.id', 't.user_id')) as unknown as SelectQueryBuilder<
    Database,
    keyof Database,
    object
  >;
  for (const [column, operator, value] of source.open) qb = qb.where(sql.ref(column), operator, value);
  return qb.select(
    QUEUE_COLUMNS.map((name) => {
      const column = columns[name];
      const value = column === undefined ? sql`null` : typeof column === 'string' ? sql.ref(column) : column;
      return value.as(name);
    }),
  ) as unknown as Open;
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
      ? ['t.reference', 't.from_account_no', 'u.username', 'u.name']
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
): Promise<{ rows: QueueRow[] } & ListTotal> {
  const base = filtered(openItems(db, queue, now), queue, query.q);
  const column = query.sort === 'amount' ? 't.amount' : 't.created_at';
  const { rows, ...count } = await readListPage(db, base, query, (offset) =>
    base
      .orderBy(sql.ref(column), query.order)
      .orderBy(sql.ref('t.id'), query.order)
      .limit(query.limit)
      .offset(offset)
      .execute(),
  );
  return { rows: rows.map(normalise), ...count };
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

export function findPlayer(db: Kysely<Database>, who: { userId: string } | { username: string }) {
  const query = db.selectFrom('users').select(['id', 'username']);
  return (
    'userId' in who ? query.where('id', '=', who.userId) : query.where('username', '=', who.username)
  ).executeTakeFirst();
}
