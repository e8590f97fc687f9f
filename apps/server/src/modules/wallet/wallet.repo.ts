import { type Kysely, sql, type Transaction } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { Database, GameProvidersTable } from '../../db/schema.ts';
import type { PlayerLedgerAccount } from '../../ledger/accounts.ts';

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

const slotRows = prepared<
  Pick<GameProvidersTable, 'code' | 'name' | 'category' | 'ft_wallet_slot' | 'logo' | 'background'> & {
    account_id: string | null;
    username: string | null;
    password: string | null;
    event: string | null;
    balance: number | null;
  }
>(
  `select p.code, p.name, p.category, p.ft_wallet_slot, p.logo, p.background,
          ga.id as account_id, ga.username, ga.password, ga.event, la.balance
   from game_providers p
   left join game_accounts ga on ga.provider_code = p.code and ga.user_id = $1
   left join ledger_accounts la on la.provider_code = p.code and la.owner_id = $1 and la.kind = 'game'
   where p.enabled = 1
   order by p.sort_order`,
);

/** Every enabled provider with the player's account and ledger balance, in catalogue order. */
export async function listSlots(db: Kysely<Database>, userId: string): Promise<SlotRow[]> {
  const rows = await slotRows.all(db, [userId]);
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

const gameAccountByProvider = prepared<RawGameAccount>(
  'select id, provider_code, username, password, event from game_accounts where user_id = $1 and provider_code = $2',
);

export async function findGameAccount(
  db: Kysely<Database>,
  userId: string,
  providerCode: string,
): Promise<GameAccountRow | undefined> {
  const row = await gameAccountByProvider.first(db, [userId, providerCode]);
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

interface RawGameAccount {
  id: string;
  provider_code: string;
  username: string;
  password: string;
  event: string;
}

function toGameAccount(row: RawGameAccount): GameAccountRow {
  return {
    id: row.id,
    providerCode: row.provider_code,
    username: row.username,
    password: row.password,
    event: JSON.parse(row.event) as Record<string, string>,
  };
}

export async function insertGameAccount(
  trx: Transaction<Database>,
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

export async function markSynced(trx: Transaction<Database>, gameAccountId: string, now: number): Promise<void> {
  await trx.updateTable('game_accounts').set({ synced_at: now }).where('id', '=', gameAccountId).execute();
}

/** What a move between the wallet and one game account needs, in one read. */
export interface GameMoveAccounts {
  wallet: PlayerLedgerAccount;
  /** The player's ledger account for the provider; undefined when it was never opened. */
  game: PlayerLedgerAccount | undefined;
  /** The player's account at the provider; undefined when not activated. */
  account: GameAccountRow | undefined;
}

interface RawGameMoveRow {
  id: string;
  kind: string;
  provider_code: string;
  currency: string;
  balance: number;
  ga_id: string | null;
  username: string | null;
  password: string | null;
  event: string | null;
}

const gameMoveRows = prepared<RawGameMoveRow>(
  `select la.id, la.kind, la.provider_code, la.currency, la.balance,
          ga.id as ga_id, ga.username, ga.password, ga.event
   from ledger_accounts la
   left join game_accounts ga on la.kind = 'game' and ga.user_id = la.owner_id and ga.provider_code = la.provider_code
   where la.owner_id = $1 and (la.kind = 'wallet' or (la.kind = 'game' and la.provider_code = $2))`,
);

/** The player's wallet, and the ledger account and provider account for one game (the hot path of a transfer). */
export async function gameMoveAccounts(
  db: Kysely<Database>,
  userId: string,
  providerCode: string,
): Promise<GameMoveAccounts> {
  const rows = await gameMoveRows.all(db, [userId, providerCode]);
  let wallet: PlayerLedgerAccount | undefined;
  let game: PlayerLedgerAccount | undefined;
  let account: GameAccountRow | undefined;
  for (const row of rows) {
    const ledger = { id: row.id, ownerId: userId, currency: row.currency, balance: Number(row.balance) };
    if (row.kind === 'wallet') {
      wallet = ledger;
      continue;
    }
    game = ledger;
    // The join matched only if the player activated this provider; its columns are NOT NULL then.
    if (row.ga_id !== null) {
      account = toGameAccount({
        id: row.ga_id,
        provider_code: row.provider_code,
        username: row.username ?? '',
        password: row.password ?? '',
        event: row.event ?? '{}',
      });
    }
  }
  if (!wallet) throw new Error(`player ${userId} has no wallet account`);
  return { wallet, game, account };
}

/** A game transfer of the player's by statement id: what a recovery needs to settle and answer it. */
export async function findGameTransfer(db: Kysely<Database>, userId: string, id: string) {
  const row = await db
    .selectFrom('statements')
    .select(['from_code', 'to_code', 'status'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('game_account_id', 'is not', null)
    .executeTakeFirst();
  return row && { fromCode: row.from_code ?? '', toCode: row.to_code ?? '', status: row.status };
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
    // A literal, not a parameter: only then may the planner use the partial index of pending rows.
    .where('status', '=', sql.lit('PENDING'))
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    direction: row.from_code === 'WALLET' ? 'in' : 'out',
    amount: Number(row.amount),
  }));
}
