import type { DashboardQueue } from '@wallet/contract/backoffice/dashboard-rules';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LEDGER_KINDS } from '../../ledger/ledger.ts';
import { BANGKOK_DAY_SQL } from '../../lib/bangkok-time.ts';
import { orderedIdFloor } from '../../lib/ids.ts';

/** A half-open time range [from, to) in epoch milliseconds. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** The Bangkok day number of a `created_at` column (lib/bangkok-time.ts bangkokDayNumber, in SQL). */
function bangkokDay(column: string) {
  return sql`((${sql.ref(column)} + ${sql.lit(BANGKOK_DAY_SQL.offsetMs)}) / ${sql.lit(BANGKOK_DAY_SQL.dayMs)})`;
}

/**
 * Ledger transfers of a window. Their ids are orderedId(created_at), so the id range is a range of the
 * primary key: no time index on the ledger (migration 006 keeps its indexes lean for the money path),
 * and only the window's rows are read. The created_at test keeps the edges exact.
 */
function transfersIn(alias: string, window: TimeWindow) {
  return sql`${sql.ref(`${alias}.id`)} >= ${orderedIdFloor(window.from)} and ${sql.ref(`${alias}.id`)} < ${orderedIdFloor(window.to)}
    and ${sql.ref(`${alias}.created_at`)} >= ${window.from} and ${sql.ref(`${alias}.created_at`)} < ${window.to}`;
}

export interface MoneyByDay {
  day: number;
  kind: string;
  currency: string;
  total: number;
}

/**
 * Money in and out per Bangkok day and currency, in minor units: deposit transfers (clearing → wallet)
 * and payout transfers (payout clearing → bank clearing: the withdrawal left for the player's bank).
 * One grouped query over the window's transfers.
 */
export async function moneyByDay(db: Kysely<Database>, window: TimeWindow): Promise<MoneyByDay[]> {
  const { rows } = await sql<{ day: number | string; kind: string; currency: string; total: number | string }>`
    select ${bangkokDay('t.created_at')} as day, t.kind, t.currency, sum(t.amount) as total
    from ledger_transfers t
    where ${transfersIn('t', window)} and t.kind in (${LEDGER_KINDS.deposit}, ${LEDGER_KINDS.payout})
    group by 1, 2, 3`.execute(db);
  return rows.map((row) => ({
    day: Number(row.day),
    kind: row.kind,
    currency: row.currency,
    total: Number(row.total),
  }));
}

export interface PlayersByDay {
  day: number;
  newPlayers: number;
  activePlayers: number;
}

/**
 * New and active players per Bangkok day in one grouped query. Active: the player owns an account on
 * either side of a ledger transfer that day (wallet, game or coin account), or signed in that day
 * (a session was opened); each player counts once a day whatever they did.
 */
export async function playersByDay(db: Kysely<Database>, window: TimeWindow): Promise<PlayersByDay[]> {
  const { rows } = await sql<{ day: number | string; new_players: number | string; active_players: number | string }>`
    select day,
      count(distinct case when what = 'new' then player end) as new_players,
      count(distinct case when what = 'active' then player end) as active_players
    from (
      select ${bangkokDay('t.created_at')} as day, a.owner_id as player, 'active' as what
        from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
        where ${transfersIn('t', window)} and a.owner_id is not null
      union all
      select ${bangkokDay('t.created_at')}, a.owner_id, 'active'
        from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
        where ${transfersIn('t', window)} and a.owner_id is not null
      union all
      select ${bangkokDay('s.created_at')}, s.user_id, 'active'
        from sessions s where s.created_at >= ${window.from} and s.created_at < ${window.to}
      union all
      select ${bangkokDay('u.created_at')}, u.id, 'new'
        from users u where u.created_at >= ${window.from} and u.created_at < ${window.to}
    ) happenings
    group by day`.execute(db);
  return rows.map((row) => ({
    day: Number(row.day),
    newPlayers: Number(row.new_players),
    activePlayers: Number(row.active_players),
  }));
}

export interface QueueRow {
  queue: DashboardQueue;
  count: number;
  oldest: number | null;
}

/**
 * The money desk's open queues now, each straight from its own table with the status its module
 * gives a waiting item: bank transfers the feed could not match (UNMATCHED), manual deposit notices
 * (PENDING), slips held for an operator (processing with a hold reason), withdrawals not yet settled
 * (PENDING: awaiting review or the payout). Each count reads its table's status index.
 */
export async function openQueues(db: Kysely<Database>): Promise<QueueRow[]> {
  const { rows } = await sql<{ queue: DashboardQueue; count: number | string; oldest: number | string | null }>`
    select 'unmatchedTransfers' as queue, count(*) as count, min(created_at) as oldest
      from bank_transfers where status = 'UNMATCHED'
    union all
    select 'manualDeposits', count(*), min(created_at) from manual_deposits where status = 'PENDING'
    union all
    select 'undecidedSlips', count(*), min(created_at) from slips
      where status = 'processing' and hold_reason is not null
    union all
    select 'pendingWithdrawals', count(*), min(created_at) from withdrawals where status = 'PENDING'`.execute(db);
  return rows.map((row) => ({
    queue: row.queue,
    count: Number(row.count),
    oldest: row.oldest === null ? null : Number(row.oldest),
  }));
}
