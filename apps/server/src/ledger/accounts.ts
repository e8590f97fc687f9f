import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import type { LedgerAccount } from './ledger.ts';

/** Ledger account kinds. Player kinds have an owner; system kinds (added with the wallet core) do not. */
export type PlayerAccountKind = 'wallet' | 'coin' | 'game';

/** Ledger currency codes: BAHT in SPEC's Lao-mode choice is the Thai baht. */
export function ledgerCurrency(playerCurrency: string | null): 'THB' | 'LAK' {
  return playerCurrency === 'LAK' ? 'LAK' : 'THB';
}

/**
 * Opens the player's wallet and coin accounts at zero. Runs in the registration transaction, so a
 * player never exists without a wallet.
 */
export async function openPlayerAccounts(
  trx: Transaction<Database>,
  userId: string,
  currency: 'THB' | 'LAK',
  now: number,
) {
  await trx
    .insertInto('ledger_accounts')
    .values([
      { id: randomId(16), owner_id: userId, kind: 'wallet', provider_code: '', currency, balance: 0, created_at: now },
      {
        id: randomId(16),
        owner_id: userId,
        kind: 'coin',
        provider_code: '',
        currency: 'COIN',
        balance: 0,
        created_at: now,
      },
    ])
    .execute();
}

export async function playerBalance(db: Kysely<Database>, userId: string, kind: PlayerAccountKind): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/**
 * Opens (or finds) the player's ledger account for one game provider. Idempotent, so activation can
 * be retried after a provider hiccup without a unique-index error.
 */
export async function openGameLedgerAccount(
  trx: Transaction<Database>,
  userId: string,
  providerCode: string,
  currency: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('ledger_accounts')
    .values({
      id: randomId(16),
      owner_id: userId,
      kind: 'game',
      provider_code: providerCode,
      currency,
      balance: 0,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['owner_id', 'kind', 'provider_code', 'currency']).doNothing())
    .execute();
}

export type PlayerLedgerAccount = LedgerAccount & { balance: number };

interface RawLedgerAccount {
  id: string;
  kind: string;
  provider_code: string;
  currency: string;
  balance: number;
}

const walletAndGameAccounts = prepared<RawLedgerAccount>(
  `select id, kind, provider_code, currency, balance from ledger_accounts
   where owner_id = $1 and kind in ('wallet', 'game')`,
);

/** The player's wallet and game ledger accounts, keyed 'wallet' and by provider code. */
export async function playerLedgerAccounts(
  db: Kysely<Database>,
  userId: string,
): Promise<{ wallet: PlayerLedgerAccount; games: Map<string, PlayerLedgerAccount> }> {
  const rows = await walletAndGameAccounts.all(db, [userId]);
  const games = new Map<string, PlayerLedgerAccount>();
  let wallet: PlayerLedgerAccount | undefined;
  for (const row of rows) {
    const account = { id: row.id, ownerId: userId, currency: row.currency, balance: Number(row.balance) };
    if (row.kind === 'wallet') wallet = account;
    else games.set(row.provider_code, account);
  }
  if (!wallet) throw new Error(`player ${userId} has no wallet account`);
  return { wallet, games };
}

const coinAccountOf = prepared<{ id: string; currency: string }>(
  `select id, currency from ledger_accounts where owner_id = $1 and kind = 'coin'`,
);

/** The player's wheel-coin account (currency COIN). */
export async function playerCoinAccount(db: Kysely<Database>, userId: string): Promise<LedgerAccount> {
  const row = await coinAccountOf.first(db, [userId]);
  if (!row) throw new Error(`player ${userId} has no coin account`);
  return { id: row.id, ownerId: userId, currency: row.currency };
}

const balanceOf = prepared<{ balance: number }>('select balance from ledger_accounts where id = $1');

export async function ledgerBalance(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await balanceOf.first(db, [accountId]);
  if (!row) throw new Error(`ledger account ${accountId} does not exist`);
  return Number(row.balance);
}
