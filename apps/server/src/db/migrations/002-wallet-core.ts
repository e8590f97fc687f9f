import { type Kysely, sql } from 'kysely';

/**
 * Wallet core: ledger transfers, the statement, idempotency keys, the game catalogue and players'
 * game accounts, and the sandbox game service's own tables. Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const float = dialect === 'postgres' ? 'double precision' : 'real';

  // Append-only: a movement is never edited or deleted; a reversal is a new transfer the other way.
  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('debit_account_id', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_transfers_debit_idx').on('ledger_transfers').column('debit_account_id').execute();
  await db.schema
    .createIndex('ledger_transfers_credit_idx')
    .on('ledger_transfers')
    .column('credit_account_id')
    .execute();
  await db.schema
    .createIndex('ledger_transfers_ref_idx')
    .on('ledger_transfers')
    .columns(['ref_type', 'ref_id'])
    .execute();

  // The player's statement: one business record per movement the player made or received.
  await db.schema
    .createTable('statements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('statement_type', 'text', (c) => c.notNull())
    .addColumn('from_code', 'text')
    .addColumn('to_code', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Set on transfers to or from a game account: while such a row is PENDING the provider's outcome
    // is unknown, and the next refresh of that account settles it (DESIGN §4).
    .addColumn('game_account_id', 'text')
    .addColumn('linked_kind', 'text')
    .addColumn('linked_description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('statements_user_idx')
    .on('statements')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('statements_game_pending_idx')
    .on('statements')
    .columns(['game_account_id', 'status'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('game_providers')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('ft_wallet_slot', float, (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('background', 'text', (c) => c.notNull())
    .addColumn('has_web', 'integer', (c) => c.notNull())
    .addColumn('has_android', 'integer', (c) => c.notNull())
    .addColumn('has_ios', 'integer', (c) => c.notNull())
    .addColumn('event_fields', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  // A player's account at a provider. lease_until serialises provider calls for one account across
  // server instances, so a refresh never books a transfer that is still in flight as a game result.
  await db.schema
    .createTable('game_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('provider_code', 'text', (c) => c.notNull().references('game_providers.code'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('synced_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('game_accounts_user_provider', ['user_id', 'provider_code'])
    .addUniqueConstraint('game_accounts_provider_username', ['provider_code', 'username'])
    .execute();

  // The sandbox game service's own books: it is "another company", so it never reads our ledger.
  await db.schema
    .createTable('sandbox_game_wallets')
    .addColumn('provider_code', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_game_wallets_pk', ['provider_code', 'username'])
    .execute();
  await db.schema
    .createTable('sandbox_game_transactions')
    .addColumn('provider_code', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_game_transactions_pk', ['provider_code', 'ref'])
    .execute();
}
