import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Claims a voucher for one player before the provider is asked to redeem it. False when anyone
 * (this player included) claimed it before: the primary key decides between simultaneous claims.
 */
export async function claimVoucher(
  db: Kysely<Database>,
  claim: { voucherCode: string; userId: string; walletAccountName: string; amount: number; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('gift_link_redemptions')
    .values({
      voucher_code: claim.voucherCode,
      user_id: claim.userId,
      wallet_account_name: claim.walletAccountName,
      // What the link holds as inspected; the credit writes what the redemption paid.
      amount: claim.amount,
      status: 'REDEEMING',
      statement_id: null,
      created_at: claim.now,
      updated_at: claim.now,
    })
    .onConflict((oc) => oc.column('voucher_code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * What the player's other links being redeemed right now hold: money that may reach the wallet any moment,
 * counted against the deposit limits like a live QR.
 */
export async function redeemingElsewhere(db: Kysely<Database>, userId: string, voucherCode: string): Promise<number> {
  const row = await db
    .selectFrom('gift_link_redemptions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'REDEEMING')
    .where('voucher_code', '!=', voucherCode)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The provider refused the voucher, so nothing was spent: the claim goes and the link stays as it was. */
export async function releaseVoucher(db: Kysely<Database>, voucherCode: string): Promise<void> {
  await db
    .deleteFrom('gift_link_redemptions')
    .where('voucher_code', '=', voucherCode)
    .where('status', '=', 'REDEEMING')
    .execute();
}

/** The provider never answered: the voucher may be spent, so it stays claimed for the operator to settle. */
export async function markVoucherUnknown(db: Kysely<Database>, voucherCode: string, now: number): Promise<void> {
  await db
    .updateTable('gift_link_redemptions')
    .set({ status: 'UNKNOWN', updated_at: now })
    .where('voucher_code', '=', voucherCode)
    .where('status', '=', 'REDEEMING')
    .execute();
}

/** In the crediting transaction: the claim becomes a credited redemption, once. */
export async function markVoucherCredited(
  trx: Transaction<Database>,
  voucherCode: string,
  credited: { amount: number; statementId: string; now: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('gift_link_redemptions')
    .set({ status: 'CREDITED', amount: credited.amount, statement_id: credited.statementId, updated_at: credited.now })
    .where('voucher_code', '=', voucherCode)
    .where('status', '=', 'REDEEMING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
