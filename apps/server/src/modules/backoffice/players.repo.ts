import { LIST_COUNT_CAP } from '@wallet/contract/backoffice/csv-export';
import type { PlayerRecordKind } from '@wallet/contract/backoffice/player-rules';
import {
  type Insertable,
  type Kysely,
  type SelectExpression,
  type SelectQueryBuilder,
  sql,
  type Transaction,
} from 'kysely';
import { countMatches, type ListTotal } from '../../db/list-window.ts';
import type { BankChangeRequestsTable, WalletAdjustmentsTable } from '../../db/schema/players-desk.ts';
import type { Database, UserUpdate } from '../../db/schema.ts';

/** LIKE pattern for text typed by an operator: % and _ are matched as themselves. */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Page {
  offset: number;
  limit: number;
}

/** Row order of a list: by creation then id (ids of one millisecond keep their order), of table `alias`. */
interface CreationOrder {
  alias?: string;
  direction: 'asc' | 'desc';
}
const NEWEST_FIRST: CreationOrder = { direction: 'desc' };

/**
 * One page of what `base` matches, read by `select` in creation order, and how many it matches (up to the
 * list window, db/list-window.ts); a page past the window is empty without a query.
 */
async function pageWithTotal<DB, TB extends keyof DB, Base, Row>(
  db: Kysely<Database>,
  base: SelectQueryBuilder<DB, TB, Base>,
  select: (query: SelectQueryBuilder<DB, TB, Base>) => SelectQueryBuilder<DB, TB, Row>,
  order: CreationOrder,
  page: Page,
): Promise<{ rows: Row[] } & ListTotal> {
  const column = (name: string) => sql.ref(order.alias ? `${order.alias}.${name}` : name);
  const [rows, count] = await Promise.all([
    page.offset >= LIST_COUNT_CAP
      ? []
      : select(base)
          .orderBy(column('created_at'), order.direction)
          .orderBy(column('id'), order.direction)
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
    countMatches(db, base),
  ]);
  return { rows: rows as Row[], ...count };
}

export interface PlayerListRow {
  id: string;
  username: string;
  name: string;
  status: string;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  currency: string | null;
  source_code: string | null;
  inviter_id: string | null;
  created_at: number;
  wallet: number | null;
  wallet_currency: string | null;
}

function playersMatching(db: Kysely<Database>, q: string, status: string | undefined) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('ledger_accounts as w', (join) => join.onRef('w.owner_id', '=', 'u.id').on('w.kind', '=', 'wallet'));
  if (status) query = query.where('u.status', '=', status);
  if (q) {
    const digits = q.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('u.id', '=', q),
        eb(eb.fn('lower', ['u.name']), 'like', sql<string>`${containing(q.toLowerCase())} escape '\\'`),
        ...(digits.length >= 3
          ? [
              eb('u.username', 'like', sql<string>`${containing(digits)} escape '\\'`),
              eb('u.bank_account_no', 'like', sql<string>`${containing(digits)} escape '\\'`),
            ]
          : []),
      ]),
    );
  }
  return query;
}

const PLAYER_LIST_COLUMNS = [
  'u.id',
  'u.username',
  'u.name',
  'u.status',
  'u.bank_code',
  'u.bank_account_no',
  'u.bank_account_name',
  'u.currency',
  'u.source_code',
  'u.inviter_id',
  'u.created_at',
  'w.balance as wallet',
  'w.currency as wallet_currency',
] as const;

/** Search by phone, name, bank account number (digits anywhere) or exact id; newest players first. */
export async function searchPlayers(
  db: Kysely<Database>,
  filter: { q: string; status?: string | undefined },
  page: Page,
): Promise<{ rows: PlayerListRow[] } & ListTotal> {
  return pageWithTotal(
    db,
    playersMatching(db, filter.q, filter.status),
    (query) => query.select(PLAYER_LIST_COLUMNS),
    { alias: 'u', direction: 'desc' },
    page,
  );
}

export async function findPlayer(db: Kysely<Database>, id: string): Promise<PlayerListRow | undefined> {
  return playersMatching(db, '', undefined).select(PLAYER_LIST_COLUMNS).where('u.id', '=', id).executeTakeFirst();
}

export async function findBankName(db: Kysely<Database>, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('banks').select('name_th').where('code', '=', code).executeTakeFirst();
  return row?.name_th;
}

export async function playerAccountBalances(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('game_providers as p', 'p.code', 'a.provider_code')
    .select(['a.kind', 'a.provider_code', 'a.balance', 'p.name'])
    .where('a.owner_id', '=', userId)
    .orderBy('a.kind')
    .orderBy('a.provider_code')
    .execute();
}

export async function playerGameAccounts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('game_accounts as g')
    .leftJoin('game_providers as p', 'p.code', 'g.provider_code')
    .select(['g.provider_code', 'g.username', 'g.created_at', 'g.synced_at', 'p.name'])
    .where('g.user_id', '=', userId)
    .orderBy('g.provider_code')
    .execute();
}

export async function liveSessions(db: Kysely<Database>, userId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['token_hash', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends every live session of the player; how many there were. */
export async function revokeSessions(trx: Transaction<Database>, userId: string, now: number): Promise<number> {
  const result = await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves the player from one status to another; false when they were not in `from` (raced or already done). */
export async function switchPlayerStatus(
  trx: Transaction<Database>,
  userId: string,
  from: string,
  to: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ status: to, updated_at: now })
    .where('id', '=', userId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updatePlayer(trx: Transaction<Database>, userId: string, update: UserUpdate): Promise<void> {
  await trx.updateTable('users').set(update).where('id', '=', userId).execute();
}

export interface RecordRow {
  id: string;
  created_at: number;
  type: string;
  amount: number;
  currency: string;
  status: string;
  from_code: string | null;
  to_code: string | null;
  note: string | null;
}

/**
 * The whole statement as the player sees it, newest first, at a cost independent of its length: the
 * count is the one row the database keeps, the page a range of positions (user_seq, migration 022) on
 * the (user_id, user_seq) index, as the player's own statement reads it.
 */
async function wholeStatementPage<C extends SelectExpression<Database, 'statements'>>(
  db: Kysely<Database>,
  userId: string,
  columns: readonly C[],
  page: Page,
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('statements')
      .select(columns)
      .where('user_id', '=', userId)
      .where(
        'user_seq',
        '<=',
        sql<number>`(select total from statement_counts where user_id = ${userId}) - ${page.offset}`,
      )
      .orderBy('user_seq', 'desc')
      .limit(page.limit)
      .execute(),
    db.selectFrom('statement_counts').select('total').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  // An exact count the database keeps: no need to cap it.
  return { rows, total: Number(count?.total ?? 0), totalCapped: false };
}

/** One tab of the player page: statement rows, deposits, withdrawals or slips, newest first. */
export async function playerRecords(
  db: Kysely<Database>,
  userId: string,
  kind: PlayerRecordKind,
  page: Page,
): Promise<{ rows: RecordRow[] } & ListTotal> {
  if (kind === 'statement' || kind === 'deposits') {
    let base = db.selectFrom('statements').where('user_id', '=', userId);
    if (kind === 'deposits') base = base.where('statement_type', '=', 'deposit');
    const columns = [
      'id',
      'created_at',
      'statement_type as type',
      'amount',
      'currency',
      'status',
      'from_code',
      'to_code',
      'linked_description as note',
    ] as const;
    if (kind === 'statement') return wholeStatementPage(db, userId, columns, page);
    return pageWithTotal(db, base, (query) => query.select(columns), NEWEST_FIRST, page);
  }
  if (kind === 'withdrawals') {
    const columns = [
      'id',
      'created_at',
      'amount',
      'currency',
      'status',
      'bank_code',
      'bank_account_no',
      'failure_reason',
      'review',
    ] as const;
    const base = db.selectFrom('withdrawals').where('user_id', '=', userId);
    const { rows, ...count } = await pageWithTotal(db, base, (query) => query.select(columns), NEWEST_FIRST, page);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        created_at: row.created_at,
        type: 'withdrawal',
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        from_code: null,
        to_code: row.bank_code,
        note: [row.bank_account_no, row.review, row.failure_reason].filter(Boolean).join(' · ') || null,
      })),
      ...count,
    };
  }
  const columns = ['id', 'created_at', 'amount', 'status', 'note', 'reference', 'sending_bank'] as const;
  const base = db.selectFrom('slips').where('user_id', '=', userId);
  const { rows, ...count } = await pageWithTotal(db, base, (query) => query.select(columns), NEWEST_FIRST, page);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      type: 'slip',
      amount: row.amount,
      currency: 'THB',
      status: row.status,
      from_code: row.sending_bank,
      to_code: null,
      note: [row.note, row.reference].filter(Boolean).join(' · ') || null,
    })),
    ...count,
  };
}

// Bank-change requests.

export async function findBankChange(db: Kysely<Database>, id: string) {
  return db.selectFrom('bank_change_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function latestBankChangeOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('bank_change_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Waiting items oldest first (the longest waiting on top), decided ones newest first. */
function queueOrder(alias: string, status: string | undefined): CreationOrder {
  return { alias, direction: status === 'pending' ? 'asc' : 'desc' };
}

/** The queue of players' bank-change requests of one status. */
export async function listBankChanges(db: Kysely<Database>, status: string, page: Page) {
  const base = db
    .selectFrom('bank_change_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.status', '=', status);
  return pageWithTotal(
    db,
    base,
    (query) => query.selectAll('r').select(['u.username', 'u.name']),
    queueOrder('r', status),
    page,
  );
}

/** Decides a pending request; false when it was no longer pending (decided by someone else first). */
export async function decideBankChange(
  trx: Transaction<Database>,
  id: string,
  decision: Pick<BankChangeRequestsTable, 'status' | 'reason' | 'decided_at' | 'decided_by'>,
): Promise<boolean> {
  const result = await trx
    .updateTable('bank_change_requests')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertBankAccountChange(
  trx: Transaction<Database>,
  change: Insertable<Database['bank_account_changes']>,
): Promise<void> {
  await trx.insertInto('bank_account_changes').values(change).execute();
}

// Manual adjustments.

export async function insertAdjustment(
  trx: Transaction<Database>,
  row: Insertable<WalletAdjustmentsTable>,
): Promise<void> {
  await trx.insertInto('wallet_adjustments').values(row).execute();
}

export async function findAdjustment(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('wallet_adjustments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select(['u.username', 'u.name'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export async function findAdjustmentByKey(db: Kysely<Database>, operatorId: string, key: string) {
  return db
    .selectFrom('wallet_adjustments')
    .select(['id', 'request_hash'])
    .where('created_by', '=', operatorId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function listAdjustments(
  db: Kysely<Database>,
  filter: { status?: string | undefined; userId?: string | undefined },
  page: Page,
) {
  let base = db.selectFrom('wallet_adjustments as a').innerJoin('users as u', 'u.id', 'a.user_id');
  if (filter.status) base = base.where('a.status', '=', filter.status);
  if (filter.userId) base = base.where('a.user_id', '=', filter.userId);
  return pageWithTotal(
    db,
    base,
    (query) => query.selectAll('a').select(['u.username', 'u.name']),
    queueOrder('a', filter.status),
    page,
  );
}

/**
 * Takes a pending adjustment for a decision by `operatorId`, who must not be its creator; false when
 * it is not pending any more or is theirs. The status condition makes two approvers racing one booking.
 */
export async function takePendingAdjustment(
  trx: Transaction<Database>,
  id: string,
  decision: Pick<WalletAdjustmentsTable, 'status' | 'decided_by' | 'decided_by_username' | 'decided_at'> & {
    decision_reason: string | null;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('wallet_adjustments')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('created_by', '<>', decision.decided_by as string)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordAdjustmentBooking(
  trx: Transaction<Database>,
  id: string,
  booking: { statement_id: string; wallet_after: number },
): Promise<void> {
  await trx.updateTable('wallet_adjustments').set(booking).where('id', '=', id).execute();
}

/** Refuses a pending adjustment; false when it was no longer pending. */
export async function refusePendingAdjustment(
  trx: Transaction<Database>,
  id: string,
  decision: Pick<WalletAdjustmentsTable, 'decided_by' | 'decided_by_username' | 'decided_at' | 'decision_reason'>,
): Promise<boolean> {
  const result = await trx
    .updateTable('wallet_adjustments')
    .set({ ...decision, status: 'refused' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
