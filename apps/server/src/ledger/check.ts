import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface LedgerProblem {
  rule:
    | 'currency-sum'
    | 'balance-vs-transfers'
    | 'negative-player-balance'
    | 'transfer-currency'
    | 'adjustment-record'
    | 'coin-record';
  detail: string;
}

/**
 * The ledger's invariants (DESIGN §3), checked straight from the tables: per currency the balances
 * sum to zero; every account's balance equals its credits minus its debits; no player account is
 * negative; every transfer joins two accounts of its own currency. An empty list means healthy.
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];

  const sums = await sql<{ currency: string; total: string | number }>`
    select currency, sum(balance) as total from ledger_accounts group by currency`.execute(db);
  for (const row of sums.rows) {
    if (Number(row.total) !== 0) {
      problems.push({ rule: 'currency-sum', detail: `${row.currency} balances sum to ${row.total}, not 0` });
    }
  }

  const drift = await sql<{ id: string; balance: string | number; expected: string | number }>`
    select a.id, a.balance, coalesce(c.total, 0) - coalesce(d.total, 0) as expected
    from ledger_accounts a
    left join (select credit_account_id as id, sum(amount) as total from ledger_transfers group by credit_account_id) c
      on c.id = a.id
    left join (select debit_account_id as id, sum(amount) as total from ledger_transfers group by debit_account_id) d
      on d.id = a.id
    where a.balance <> coalesce(c.total, 0) - coalesce(d.total, 0)`.execute(db);
  for (const row of drift.rows) {
    problems.push({
      rule: 'balance-vs-transfers',
      detail: `account ${row.id} holds ${row.balance} but its transfers add up to ${row.expected}`,
    });
  }

  const negative = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance'])
    .where('owner_id', 'is not', null)
    .where('balance', '<', 0)
    .execute();
  for (const row of negative) {
    problems.push({
      rule: 'negative-player-balance',
      detail: `player ${row.kind} account ${row.id} is at ${row.balance}`,
    });
  }

  const mixed = await sql<{ id: string }>`
    select t.id from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where d.currency <> t.currency or c.currency <> t.currency`.execute(db);
  for (const row of mixed.rows) {
    problems.push({ rule: 'transfer-currency', detail: `transfer ${row.id} joins accounts of another currency` });
  }

  // Money against the operator-adjustment account moves only for a booked adjustment, once, for its
  // amount; and every booked adjustment has its transfer.
  const strayAdjustments = await sql<{ id: string }>`
    select t.id from ledger_transfers t
    left join wallet_adjustments a on a.statement_id = t.ref_id and a.status = 'booked' and a.amount = t.amount
    where t.kind = 'operator_adjustment' and a.id is null`.execute(db);
  for (const row of strayAdjustments.rows) {
    problems.push({ rule: 'adjustment-record', detail: `transfer ${row.id} has no booked adjustment of its amount` });
  }
  const unbooked = await sql<{ id: string; transfers: string | number }>`
    select a.id, count(t.id) as transfers from wallet_adjustments a
    left join ledger_transfers t on t.ref_id = a.statement_id and t.kind = 'operator_adjustment'
    where a.status = 'booked' group by a.id having count(t.id) <> 1`.execute(db);
  for (const row of unbooked.rows) {
    problems.push({
      rule: 'adjustment-record',
      detail: `booked adjustment ${row.id} has ${row.transfers} transfers instead of 1`,
    });
  }
  problems.push(...(await checkCoins(db)));
  return problems;
}

/**
 * The coin ledger (issue 16) beyond the rules every account follows (no player below zero, balance =
 * its movements): coins move only as coin movements; a spent coin belongs to exactly one spin and
 * every spin spent exactly one; coins won belong to a claimed coins coupon, once, for its amount.
 */
async function checkCoins(db: Kysely<Database>): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const foreign = await sql<{ id: string; kind: string }>`
    select id, kind from ledger_transfers
    where currency = 'COIN' and kind not in ('coin_earn', 'coin_spend', 'coin_prize')`.execute(db);
  for (const row of foreign.rows) {
    problems.push({ rule: 'coin-record', detail: `coin transfer ${row.id} is a ${row.kind} movement` });
  }
  const spends = await sql<{ id: string }>`
    select t.id from ledger_transfers t
    left join spin_draws d on d.id = t.ref_id and t.ref_type = 'spin'
    where t.kind = 'coin_spend' and (d.id is null or t.amount <> 1)`.execute(db);
  for (const row of spends.rows) {
    problems.push({ rule: 'coin-record', detail: `coin transfer ${row.id} spent coins on no spin` });
  }
  const spins = await sql<{ id: string; transfers: string | number }>`
    select d.id, count(t.id) as transfers from spin_draws d
    left join ledger_transfers t on t.ref_id = d.id and t.kind = 'coin_spend'
    group by d.id having count(t.id) <> 1`.execute(db);
  for (const row of spins.rows) {
    problems.push({ rule: 'coin-record', detail: `spin ${row.id} spent ${row.transfers} coins instead of 1` });
  }
  const prizes = await sql<{ id: string }>`
    select t.id from ledger_transfers t
    left join spin_coupons c on c.id = t.ref_id and c.prize_type = 'coins' and c.status = 'claimed' and c.amount = t.amount
    where t.kind = 'coin_prize' and c.id is null`.execute(db);
  for (const row of prizes.rows) {
    problems.push({ rule: 'coin-record', detail: `coin transfer ${row.id} pays no claimed coins coupon` });
  }
  return problems;
}
