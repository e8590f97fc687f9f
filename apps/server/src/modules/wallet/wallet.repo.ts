import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerAccount } from '../../ledger/ledger.ts';

export type StatementStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface ProviderRow {
  code: string;
  name: string;
  category: string;
  ftWalletSlot: number;
  logo: string;
  background: string;
}

/** A catalogue entry joined with this player's account at the provider, if any. */
export interface SlotRow extends ProviderRow {
  accountId: string | null;
  username: string | null;
  password: string | null;
  event: string | null;
  /** The ledger's view of the game account, minor units. */
  balance: number;
}

export interface GameAccountRow {
  id: string;
  providerCode: string;
  username: string;
  password: string;
  event: Record<string, string>;
}

/** Every enabled provider with the player's account and ledger balance, in catalogue order. */
export async function listSlots(db: Kysely<Database>, userId: string): Promise<SlotRow[]> {
  const rows = await db
    .selectFrom('game_providers as p')
    .leftJoin('game_accounts as ga', (join) =>
      join.onRef('ga.provider_code', '=', 'p.code').on('ga.user_id', '=', userId),
    )
    .leftJoin('ledger_accounts as la', (join) =>
      join.onRef('la.provider_code', '=', 'p.code').on('la.owner_id', '=', userId).on('la.kind', '=', 'game'),
    )
    .select([
      'p.code',
      'p.name',
      'p.category',
      'p.ft_wallet_slot',
      'p.logo',
      'p.background',
      'ga.id as account_id',
      'ga.username',
      'ga.password',
      'ga.event',
      'la.balance',
    ])
    .where('p.enabled', '=', 1)
    .orderBy('p.sort_order')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    category: row.category,
    ftWalletSlot: Number(row.ft_wallet_slot),
    logo: row.logo,
    background: row.background,
    accountId: row.account_id,
    username: row.username,
    password: row.password,
    event: row.event,
    balance: Number(row.balance ?? 0),
  }));
}

export async function findProvider(db: Kysely<Database>, code: string): Promise<ProviderRow | undefined> {
  const row = await db
    .selectFrom('game_providers')
    .select(['code', 'name', 'category', 'ft_wallet_slot', 'logo', 'background'])
    .where('code', '=', code)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return row && { ...row, ftWalletSlot: Number(row.ft_wallet_slot) };
}

export async function findGameAccount(
  db: Kysely<Database>,
  userId: string,
  providerCode: string,
): Promise<GameAccountRow | undefined> {
  const row = await db
    .selectFrom('game_accounts')
    .select(['id', 'provider_code', 'username', 'password', 'event'])
    .where('user_id', '=', userId)
    .where('provider_code', '=', providerCode)
    .executeTakeFirst();
  return row && toGameAccount(row);
}

export async function listGameAccounts(db: Kysely<Database>, userId: string): Promise<GameAccountRow[]> {
  const rows = await db
    .selectFrom('game_accounts as ga')
    .innerJoin('game_providers as p', 'p.code', 'ga.provider_code')
    .select(['ga.id', 'ga.provider_code', 'ga.username', 'ga.password', 'ga.event'])
    .where('ga.user_id', '=', userId)
    .where('p.enabled', '=', 1)
    .orderBy('p.sort_order')
    .execute();
  return rows.map(toGameAccount);
}

function toGameAccount(row: { id: string; provider_code: string; username: string; password: string; event: string }) {
  return {
    id: row.id,
    providerCode: row.provider_code,
    username: row.username,
    password: row.password,
    event: JSON.parse(row.event) as Record<string, string>,
  };
}

export async function insertGameAccount(
  trx: Kysely<Database>,
  account: GameAccountRow & { userId: string; now: number },
): Promise<void> {
  await trx
    .insertInto('game_accounts')
    .values({
      id: account.id,
      user_id: account.userId,
      provider_code: account.providerCode,
      username: account.username,
      password: account.password,
      event: JSON.stringify(account.event),
      lease_until: 0,
      synced_at: null,
      created_at: account.now,
      updated_at: account.now,
    })
    .execute();
}

export async function updateGameCredentials(
  db: Kysely<Database>,
  id: string,
  credentials: { password: string; event: Record<string, string> },
  now: number,
): Promise<void> {
  await db
    .updateTable('game_accounts')
    .set({ password: credentials.password, event: JSON.stringify(credentials.event), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function markSynced(trx: Kysely<Database>, gameAccountId: string, now: number): Promise<void> {
  await trx.updateTable('game_accounts').set({ synced_at: now }).where('id', '=', gameAccountId).execute();
}

/** The player's wallet and game ledger accounts, keyed 'wallet' and by provider code. */
export async function playerLedgerAccounts(
  db: Kysely<Database>,
  userId: string,
): Promise<{ wallet: LedgerAccount & { balance: number }; games: Map<string, LedgerAccount & { balance: number }> }> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'provider_code', 'currency', 'balance'])
    .where('owner_id', '=', userId)
    .where('kind', 'in', ['wallet', 'game'])
    .execute();
  const games = new Map<string, LedgerAccount & { balance: number }>();
  let wallet: (LedgerAccount & { balance: number }) | undefined;
  for (const row of rows) {
    const account = { id: row.id, ownerId: userId, currency: row.currency, balance: Number(row.balance) };
    if (row.kind === 'wallet') wallet = account;
    else games.set(row.provider_code, account);
  }
  if (!wallet) throw new Error(`player ${userId} has no wallet account`);
  return { wallet, games };
}

export async function ledgerBalance(trx: Kysely<Database>, accountId: string): Promise<number> {
  const row = await trx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

export interface NewStatement {
  id: string;
  userId: string;
  statementType: string;
  fromCode: string | null;
  toCode: string | null;
  amount: number;
  currency: string;
  status: StatementStatus;
  gameAccountId: string | null;
  now: number;
}

export async function insertStatement(trx: Kysely<Database>, s: NewStatement): Promise<void> {
  await trx
    .insertInto('statements')
    .values({
      id: s.id,
      user_id: s.userId,
      statement_type: s.statementType,
      from_code: s.fromCode,
      to_code: s.toCode,
      amount: s.amount,
      currency: s.currency,
      status: s.status,
      game_account_id: s.gameAccountId,
      linked_kind: null,
      linked_description: null,
      created_at: s.now,
      updated_at: s.now,
    })
    .execute();
}

/** Moves a statement out of PENDING; the status condition makes settling twice a no-op. */
export async function settleStatement(
  trx: Kysely<Database>,
  id: string,
  status: 'SUCCESS' | 'FAILED',
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('statements')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface PendingGameStatement {
  id: string;
  direction: 'in' | 'out';
  amount: number;
}

/** Transfers to or from this game account whose provider outcome is still unknown. */
export async function pendingGameStatements(
  db: Kysely<Database>,
  gameAccountId: string,
): Promise<PendingGameStatement[]> {
  const rows = await db
    .selectFrom('statements')
    .select(['id', 'from_code', 'amount'])
    .where('game_account_id', '=', gameAccountId)
    .where('status', '=', 'PENDING')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    direction: row.from_code === 'WALLET' ? 'in' : 'out',
    amount: Number(row.amount),
  }));
}
