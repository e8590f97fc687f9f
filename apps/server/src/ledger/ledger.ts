import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { orderedId, randomId } from '../lib/ids.ts';

/** What moved the money; the statement explains it to the player, this explains it to an auditor. */
export const LEDGER_KINDS = {
  /** Player's wallet ↔ player's game account. */
  gameTransfer: 'game_transfer',
  /** Game account ↔ the provider's float: the provider reported a different balance (wins and losses). */
  gameResult: 'game_result',
  /** Money arriving from outside (bank, gateway, gift link) into a wallet. */
  deposit: 'deposit',
  /** Undoes an earlier transfer whose outside half failed. */
  reversal: 'reversal',
  /** Wallet → payout clearing: a withdrawal held until the payout adapter posts or fails it. */
  withdrawalHold: 'withdrawal_hold',
  /** Payout clearing → bank clearing: the payout left the operator's bank for the player's. */
  payout: 'payout',
  /** Coin issuer → player's coin account: wheel coins earned by a deposit. */
  coinEarn: 'coin_earn',
  /** Player's coin account → coin issuer: one coin a spin of the wheel cost (ref_type spin). */
  coinSpend: 'coin_spend',
  /** Coin issuer → player's coin account: coins won on the wheel, claimed from a coupon (ref_type spin_coupon). */
  coinPrize: 'coin_prize',
  /** Operator adjustment ↔ player's wallet: a manual correction by staff (credit or debit). */
  operatorAdjustment: 'operator_adjustment',
  /** Promotions expense → wallet: a bonus, promotion code, invite or refund credited as a bonus. */
  bonusCredit: 'bonus_credit',
  /** Wallet → promotions expense: bonus credit a player gave up (cleared bonus, rest after a bonus withdrawal). */
  bonusForfeit: 'bonus_forfeit',
} as const;
export type LedgerKind = (typeof LEDGER_KINDS)[keyof typeof LEDGER_KINDS];

/** System account kinds (owner_id is null). They may go below zero; player accounts never do. */
export const SYSTEM_KINDS = {
  /** One per provider and currency: the provider's side of players' wins and losses. */
  gameFloat: 'game_float',
  /** Money that arrived in the operator's bank accounts on its way to players' wallets. */
  bankClearing: 'bank_clearing',
  /** One per QR gateway (provider_code = KBANK, WW, …): money the gateway collected for us. */
  qrGateway: 'qr_gateway',
  /** Gift links redeemed into the operator's mobile-wallet account. */
  giftLinkClearing: 'gift_link_clearing',
  /** Withdrawals held for payout; emptied when the payout posts (→ bank) or fails (→ wallet). */
  payoutClearing: 'payout_clearing',
  /** The source of wheel coins (currency COIN). */
  coinIssuer: 'coin_issuer',
  /** The other side of every manual wallet adjustment by staff, per currency. */
  operatorAdjustment: 'operator_adjustment',
  /** What promotions cost the operator: bonuses paid out, less what players forfeited. */
  promotionsExpense: 'promotions_expense',
} as const;
export type SystemKind = (typeof SYSTEM_KINDS)[keyof typeof SYSTEM_KINDS];

export interface LedgerAccount {
  id: string;
  /** Null for system accounts. */
  ownerId: string | null;
  currency: string;
}

export interface TransferInput {
  from: LedgerAccount;
  to: LedgerAccount;
  /** Minor units, a positive integer. */
  amount: number;
  kind: LedgerKind;
  /** The business record behind the movement (table name and id), for audits and reversals. */
  refType: string;
  refId: string;
  now: number;
}

export interface TransferResult {
  fromBalance: number;
  toBalance: number;
}

/** The debited player account lacks the money; nothing was written. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super(`insufficient funds in ${accountId}`);
    this.name = 'InsufficientFunds';
  }
}

/**
 * Moves money between two accounts: one immutable transfer row and the two balance updates. Must run
 * inside the caller's transaction, next to the business record it belongs to.
 *
 * A player account is debited with `balance >= amount` in the same UPDATE, so two concurrent debits
 * can never overdraw it on either database. The two rows are updated in id order, so transfers in
 * opposite directions between the same accounts cannot deadlock on PostgreSQL. (One UPDATE of both rows
 * with `id in (…)` and a CASE was tried on SQLite: it costs more than the two keyed ones.)
 */
export async function postTransfer(trx: Transaction<Database>, input: TransferInput): Promise<TransferResult> {
  const { from, to, amount } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`ledger amount must be a positive integer: ${amount}`);
  if (from.id === to.id) throw new Error('ledger transfer needs two different accounts');
  if (from.currency !== to.currency) throw new Error(`currency mismatch: ${from.currency} → ${to.currency}`);

  let fromBalance: number;
  let toBalance: number;
  if (from.id < to.id) {
    fromBalance = await debit(trx, from, amount);
    toBalance = await credit(trx, to.id, amount);
  } else {
    toBalance = await credit(trx, to.id, amount);
    fromBalance = await debit(trx, from, amount);
  }
  await insertTransfer.run(trx, transferRow(input));
  countPosted(input);
  return { fromBalance, toBalance };
}

/** Transfers this process posted, by kind and currency: what /metrics reports as money movements. */
export interface PostedTransfers {
  kind: string;
  currency: string;
  count: number;
  /** Minor units. */
  amount: number;
}
const posted = new Map<string, PostedTransfers>();

/**
 * Counted when the transfer is written, inside its transaction: one rolled back afterwards (a rare
 * in-transaction refusal) still counts. A metric for watching the flow, never for the books, which
 * are the ledger's rows.
 */
function countPosted({ kind, from, amount }: TransferInput): void {
  const key = `${kind} ${from.currency}`;
  const entry = posted.get(key);
  if (entry) {
    entry.count += 1;
    entry.amount += amount;
  } else {
    posted.set(key, { kind, currency: from.currency, count: 1, amount });
  }
}

export function postedTransfers(): Iterable<Readonly<PostedTransfers>> {
  return posted.values();
}

function transferRow(input: TransferInput): unknown[] {
  return [
    orderedId(input.now),
    input.from.id,
    input.to.id,
    input.amount,
    input.from.currency,
    input.kind,
    input.refType,
    input.refId,
    input.now,
  ];
}

// The ledger's own statements are fixed SQL texts (db/prepared.ts): they run on every money
// movement, and the query builder would cost more than the statements themselves.
const insertTransfer = prepared(
  `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, kind, ref_type, ref_id, created_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
);
/** A player account never goes below zero: the condition and the change are one statement. */
const debitPlayer = prepared<{ balance: number }>(
  'update ledger_accounts set balance = balance - $1 where id = $2 and balance >= $1 returning balance',
);
/** System accounts may go negative (they are the other side of money entering or leaving). */
const debitSystem = prepared<{ balance: number }>(
  'update ledger_accounts set balance = balance - $1 where id = $2 returning balance',
);
const creditAccount = prepared<{ balance: number }>(
  'update ledger_accounts set balance = balance + $1 where id = $2 returning balance',
);

async function debit(trx: Transaction<Database>, account: LedgerAccount, amount: number): Promise<number> {
  const row = await (account.ownerId !== null ? debitPlayer : debitSystem).first(trx, [amount, account.id]);
  if (!row) throw new InsufficientFunds(account.id);
  return Number(row.balance);
}

async function credit(trx: Transaction<Database>, accountId: string, amount: number): Promise<number> {
  const row = await creditAccount.first(trx, [amount, accountId]);
  if (!row) throw new Error(`ledger account ${accountId} does not exist`);
  return Number(row.balance);
}

/**
 * System accounts, created on first use and remembered per database. Call it before opening a
 * transaction: the account must exist independently of any one movement (and on SQLite a second
 * query outside the open transaction would wait for it forever).
 */
export function createSystemAccounts(db: Kysely<Database>) {
  const known = new Map<string, LedgerAccount>();
  return async function systemAccount(
    kind: SystemKind,
    providerCode: string,
    currency: string,
  ): Promise<LedgerAccount> {
    const key = `${kind}\u0000${providerCode}\u0000${currency}`;
    const cached = known.get(key);
    if (cached) return cached;
    await db
      .insertInto('ledger_accounts')
      .values({
        id: randomId(16),
        owner_id: null,
        kind,
        provider_code: providerCode,
        currency,
        balance: 0,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['kind', 'provider_code', 'currency']).where('owner_id', 'is', null).doNothing())
      .execute();
    const row = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'currency'])
      .where('owner_id', 'is', null)
      .where('kind', '=', kind)
      .where('provider_code', '=', providerCode)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();
    const account = { id: row.id, ownerId: null, currency: row.currency };
    known.set(key, account);
    return account;
  };
}
export type SystemAccounts = ReturnType<typeof createSystemAccounts>;
