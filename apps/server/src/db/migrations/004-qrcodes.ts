import { type Kysely, sql } from 'kysely';

/**
 * QR gateway deposits and gift links, plus the sandbox QR gateway's and gift-link service's own books.
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // One row per QR a gateway issued for a player. status: PENDING (payable until expires_at),
  // PAID, CANCELLED (by the player or replaced by a newer QR), EXPIRED (seen past expires_at).
  await db.schema
    .createTable('qrcodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('gateway_ref', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addColumn('payment_ref', 'text')
    .addColumn('statement_id', 'text', (c) => c.references('statements.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('qrcodes_gateway_ref', ['bank_code', 'gateway_ref'])
    .execute();
  // "One live QR per player and gateway" holds across concurrent creates and server instances: a
  // second PENDING row for the same pair cannot be written until the first is closed.
  await db.schema
    .createIndex('qrcodes_one_live_idx')
    .on('qrcodes')
    .columns(['user_id', 'bank_code'])
    .unique()
    .where(sql<boolean>`status = 'PENDING'`)
    .execute();

  // Every paid notice a gateway delivered, once per (gateway, payment). outcome: CREDITED, or why the
  // money was held for the operator (UNKNOWN_QR, AMOUNT_MISMATCH, NOT_PAYABLE).
  await db.schema
    .createTable('qr_payments')
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('payment_ref', 'text', (c) => c.notNull())
    .addColumn('gateway_ref', 'text', (c) => c.notNull())
    .addColumn('qrcode_id', 'text', (c) => c.references('qrcodes.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('statement_id', 'text', (c) => c.references('statements.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('qr_payments_pk', ['bank_code', 'payment_ref'])
    .execute();
  await db.schema.createIndex('qr_payments_outcome_idx').on('qr_payments').columns(['outcome', 'created_at']).execute();

  // A gift link's voucher is claimed here before it is redeemed: the primary key is what makes "a link
  // redeems once, ever" hold when two players paste it at the same moment. status: REDEEMING while
  // the provider is asked, CREDITED once the wallet has it, UNKNOWN if the provider never answered.
  await db.schema
    .createTable('gift_link_redemptions')
    .addColumn('voucher_code', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('wallet_account_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('statement_id', 'text', (c) => c.references('statements.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_link_redemptions_user_idx')
    .on('gift_link_redemptions')
    .columns(['user_id', 'created_at'])
    .execute();

  // The sandbox QR gateway's own orders: it is "another company", so it never reads our qrcodes.
  await db.schema
    .createTable('sandbox_qr_orders')
    .addColumn('gateway_ref', 'text', (c) => c.primaryKey())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('merchant_ref', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_ref', 'text')
    .addColumn('paid_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // The sandbox gift-link service's vouchers.
  await db.schema
    .createTable('sandbox_gift_vouchers')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('redeemed_at', 'bigint')
    .addColumn('redeemed_to', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
