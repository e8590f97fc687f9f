import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Claims a voucher for one player before the provider is asked to redeem it. False when anyone
 * (this player included) claimed it before: the primary key decides between simultaneous claims.
 */
export async function claimVoucher(
  db: Kysely<Database>,
  claim: { voucherCode: string; userId: string; walletAccountName: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('gift_link_redemptions')
    .values({
      voucher_code: claim.voucherCode,
      user_id: claim.userId,
      wallet_account_name: claim.walletAccountName,
      amount: null,
      status: 'REDEEMING',
      statement_id: null,
      created_at: claim.now,
      updated_at: claim.now,
    })
    .onConflict((oc) => oc.column('voucher_code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
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
