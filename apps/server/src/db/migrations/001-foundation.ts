import { type Kysely, sql } from 'kysely';

/** Frozen in time: never import app types here. Column types behave the same on SQLite and PostgreSQL. */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const autoId = dialect === 'postgres' ? 'bigserial' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_account_name', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('currency', 'text')
    .addColumn('source_code', 'text')
    .addColumn('inviter_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One bank account belongs to one player (EXISTING_BANK); the index also enforces it under races.
  await db.schema
    .createIndex('users_bank_account_unique')
    .on('users')
    .columns(['bank_code', 'bank_account_no'])
    .unique()
    .execute();
  await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('otp_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('otp_phone_idx').on('otp_requests').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('sandbox_sms')
    .addColumn('id', autoId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('banks')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_th', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sources')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('provider_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_accounts_owner_unique')
    .on('ledger_accounts')
    .columns(['owner_id', 'kind', 'provider_code', 'currency'])
    .unique()
    .execute();
  // System accounts have no owner; PostgreSQL treats NULLs as distinct, so they get their own index.
  await sql`create unique index ledger_accounts_system_unique on ledger_accounts (kind, provider_code, currency) where owner_id is null`.execute(
    db,
  );
}
