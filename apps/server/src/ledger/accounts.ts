import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';

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
export async function openPlayerAccounts(trx: Kysely<Database>, userId: string, currency: 'THB' | 'LAK', now: number) {
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
  trx: Kysely<Database>,
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
