import type { Kysely, Selectable, Transaction } from 'kysely';
import type { QrcodesTable, QrPaymentOutcome, QrPaymentsTable } from '../../db/schema/qrcodes.ts';
import type { Database } from '../../db/schema.ts';

export type QrcodeRow = Selectable<QrcodesTable>;
export type QrPaymentRow = Selectable<QrPaymentsTable>;

/** bigint columns may come back as strings from some drivers; money and times are numbers here. */
function toQrcode(row: QrcodeRow): QrcodeRow {
  return {
    ...row,
    amount: Number(row.amount),
    expires_at: Number(row.expires_at),
    cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
    paid_at: row.paid_at === null ? null : Number(row.paid_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The player's QR for this gateway that can still be paid now, if any. */
export async function findLiveQrcode(
  db: Kysely<Database>,
  userId: string,
  bankCode: string,
  now: number,
): Promise<QrcodeRow | undefined> {
  const row = await db
    .selectFrom('qrcodes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('bank_code', '=', bankCode)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && toQrcode(row);
}

/** Records that the player's PENDING QRs for this gateway ran out; the player then sees none. */
/**
 * What the player's live QRs at the other gateways ask for (minor units): each may still be paid, so a
 * new QR counts them against the player's deposit limits (player protection).
 */
export async function liveQrTotalElsewhere(
  db: Kysely<Database>,
  userId: string,
  bankCode: string,
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('qrcodes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('bank_code', '!=', bankCode)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function expireStaleQrcodes(
  db: Kysely<Database>,
  userId: string,
  bankCode: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('qrcodes')
    .set({ status: 'EXPIRED', updated_at: now })
    .where('user_id', '=', userId)
    .where('bank_code', '=', bankCode)
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .execute();
}

/**
 * Closes the player's PENDING QR for this gateway before a new one is written: a still payable one is
 * CANCELLED (its gateway ref is returned so the gateway can be told), a run-out one EXPIRED.
 */
export async function closePendingQrcodes(
  trx: Transaction<Database>,
  userId: string,
  bankCode: string,
  now: number,
): Promise<string[]> {
  await expireStaleQrcodes(trx, userId, bankCode, now);
  const cancelled = await trx
    .updateTable('qrcodes')
    .set({ status: 'CANCELLED', cancelled_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('bank_code', '=', bankCode)
    .where('status', '=', 'PENDING')
    .returning('gateway_ref')
    .execute();
  return cancelled.map((row) => row.gateway_ref);
}

export async function insertQrcode(trx: Transaction<Database>, row: QrcodeRow): Promise<void> {
  await trx.insertInto('qrcodes').values(row).execute();
}

/** Cancels the player's own QR if it is still payable; returns it as it was, or undefined. */
export async function cancelOwnQrcode(
  db: Kysely<Database>,
  userId: string,
  qrcodeId: string,
  now: number,
): Promise<{ bank_code: string; gateway_ref: string } | undefined> {
  return db
    .updateTable('qrcodes')
    .set({ status: 'CANCELLED', cancelled_at: now, updated_at: now })
    .where('id', '=', qrcodeId)
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .returning(['bank_code', 'gateway_ref'])
    .executeTakeFirst();
}

/** A QR of this player at this gateway, whatever its status. */
export async function findOwnQrcode(
  db: Kysely<Database>,
  userId: string,
  bankCode: string,
  qrcodeId: string,
): Promise<QrcodeRow | undefined> {
  const row = await db
    .selectFrom('qrcodes')
    .selectAll()
    .where('id', '=', qrcodeId)
    .where('user_id', '=', userId)
    .where('bank_code', '=', bankCode)
    .executeTakeFirst();
  return row && toQrcode(row);
}

export async function findQrcode(db: Kysely<Database>, qrcodeId: string): Promise<QrcodeRow | undefined> {
  const row = await db.selectFrom('qrcodes').selectAll().where('id', '=', qrcodeId).executeTakeFirst();
  return row && toQrcode(row);
}

export async function findQrcodeByGatewayRef(
  db: Kysely<Database>,
  bankCode: string,
  gatewayRef: string,
): Promise<QrcodeRow | undefined> {
  const row = await db
    .selectFrom('qrcodes')
    .selectAll()
    .where('bank_code', '=', bankCode)
    .where('gateway_ref', '=', gatewayRef)
    .executeTakeFirst();
  return row && toQrcode(row);
}

/**
 * Marks a QR paid by a payment made at `paidAt`, only if it was still payable then: not paid before,
 * paid before it expired, and before the player cancelled or replaced it. The conditions sit in the
 * UPDATE itself, so two payments of one QR racing on any database credit one of them.
 */
export async function markQrcodePaid(
  trx: Transaction<Database>,
  qrcodeId: string,
  payment: { paymentRef: string; paidAt: number; statementId: string; now: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('qrcodes')
    .set({
      status: 'PAID',
      paid_at: payment.paidAt,
      payment_ref: payment.paymentRef,
      statement_id: payment.statementId,
      updated_at: payment.now,
    })
    .where('id', '=', qrcodeId)
    .where('status', 'in', ['PENDING', 'EXPIRED', 'CANCELLED'])
    .where('expires_at', '>', payment.paidAt)
    .where((eb) => eb.or([eb('cancelled_at', 'is', null), eb('cancelled_at', '>', payment.paidAt)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findQrPayment(
  db: Kysely<Database>,
  bankCode: string,
  paymentRef: string,
): Promise<QrPaymentRow | undefined> {
  return db
    .selectFrom('qr_payments')
    .selectAll()
    .where('bank_code', '=', bankCode)
    .where('payment_ref', '=', paymentRef)
    .executeTakeFirst();
}

/**
 * Keeps a paid notice once per (gateway, payment). A held outcome never overwrites an earlier one; a
 * CREDITED one (written in the crediting transaction) always wins, since the money did move.
 */
export async function recordQrPayment(
  db: Kysely<Database>,
  row: QrPaymentRow & { outcome: QrPaymentOutcome },
): Promise<void> {
  await db
    .insertInto('qr_payments')
    .values(row)
    .onConflict((oc) => {
      const target = oc.columns(['bank_code', 'payment_ref']);
      return row.outcome === 'CREDITED'
        ? target.doUpdateSet({ outcome: 'CREDITED', statement_id: row.statement_id, qrcode_id: row.qrcode_id })
        : target.doNothing();
    })
    .execute();
}
