import type { QrBankCode } from '@wallet/contract/constants';
import type { Kysely } from 'kysely';
import type { QrPaymentOutcome } from '../../db/schema/qrcodes.ts';
import type { Database } from '../../db/schema.ts';
import type { DepositHold, PlayerRestrictions } from '../../events/player-restrictions.ts';
import { SYSTEM_KINDS } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, refused, unauthenticated } from '../../lib/domain-error.ts';
import type { DepositService } from '../../money/deposit-crediting.ts';
import type { QrGateways, QrPaidNotice, WebhookDelivery } from '../../providers/payments/qr-gateway.ts';
import {
  findQrcodeByGatewayRef,
  findQrPayment,
  markQrcodePaid,
  type QrcodeRow,
  recordQrPayment,
} from './qrcode.repo.ts';

/**
 * What a paid notice came to. CREDITED: the wallet has it now. DUPLICATE: this payment was handled
 * before (a gateway retry); nothing moved. The others are money the gateway took that no wallet got,
 * kept in qr_payments for the operator to settle: UNKNOWN_QR (no QR of ours has that gateway ref),
 * AMOUNT_MISMATCH (paid a different amount than the QR asked), NOT_PAYABLE (the QR was already paid,
 * or the payment came after it expired or was cancelled/replaced), PROTECTION_HOLD (player protection).
 */
export type PaidOutcome = 'CREDITED' | 'DUPLICATE' | Exclude<QrPaymentOutcome, 'CREDITED'>;

/** A gateway may deliver a little ahead of our clock; further ahead than this is not a real payment time. */
const FUTURE_PAID_AT_SLACK_MS = 5 * 60 * 1000;

export function createQrPayments(deps: {
  db: Kysely<Database>;
  clock: Clock;
  gateways: QrGateways;
  deposits: DepositService;
  /**
   * Player protection: a payment for a player who is now timed out or excluded, or whom it would take
   * over a deposit limit, is held (PROTECTION_HOLD) for the operator instead of credited.
   */
  restrictions: PlayerRestrictions;
}) {
  const { db, clock, deposits } = deps;

  /**
   * Handles one paid-webhook delivery from gateway `bankCode`. The gateway authenticates it (its
   * signature over the raw body and a fresh timestamp); then the payment is credited at most once
   * (claimed reference `qr:<gateway>:<payment>`) and only while its QR was payable at the time paid.
   */
  async function receive(bankCode: QrBankCode, delivery: WebhookDelivery): Promise<PaidOutcome> {
    const gateway = deps.gateways[bankCode];
    if (!gateway) throw notFound('NO_DATA');
    const now = clock.now();
    const reading = gateway.readPaidWebhook(delivery, now);
    if (!reading.ok) {
      if (reading.reason === 'signature') throw unauthenticated('UNAUTHORIZED');
      throw refused('KEY_INVALID');
    }
    const notice = reading.notice;
    if (notice.paidAt > now + FUTURE_PAID_AT_SLACK_MS) throw refused('KEY_INVALID', 'paidAt');

    const seen = await findQrPayment(db, bankCode, notice.paymentRef);
    if (seen) return asRepeat(seen.outcome);

    const qr = await findQrcodeByGatewayRef(db, bankCode, notice.gatewayRef);
    if (!qr) return hold(bankCode, notice, null, 'UNKNOWN_QR');
    if (notice.amount !== qr.amount) return hold(bankCode, notice, qr, 'AMOUNT_MISMATCH');
    if (!payableAt(qr, notice.paidAt)) return hold(bankCode, notice, qr, 'NOT_PAYABLE');
    const held = await deps.restrictions.depositHold(qr.user_id, qr.amount, 'qr');
    if (held) return hold(bankCode, notice, qr, 'PROTECTION_HOLD', held);

    const outcome = await deposits.credit(
      {
        userId: qr.user_id,
        amount: qr.amount,
        fromCode: bankCode,
        source: { kind: SYSTEM_KINDS.qrGateway, providerCode: bankCode },
        reference: `qr:${bankCode}:${notice.paymentRef}`,
        admit: (trx) => deps.restrictions.depositFits(trx, qr.user_id, qr.amount),
      },
      async (trx, statementId) => {
        // Re-checked inside the transaction: the fast path above may have raced another payment.
        const paid = await markQrcodePaid(trx, qr.id, { ...notice, statementId, now });
        if (!paid) return false;
        await recordQrPayment(trx, paymentRow(bankCode, notice, qr.id, 'CREDITED', statementId, now));
        return true;
      },
    );
    if (outcome.credited) return 'CREDITED';
    if (outcome.reason === 'duplicate-reference') return 'DUPLICATE';
    if (outcome.reason === 'held') {
      // Another deposit of the player's was credited meanwhile: asked again, the hold is recorded for them.
      const heldNow = (await deps.restrictions.depositHold(qr.user_id, qr.amount, 'qr')) ?? 'DEPOSIT_LIMIT';
      return hold(bankCode, notice, qr, 'PROTECTION_HOLD', heldNow);
    }
    return hold(bankCode, notice, qr, 'NOT_PAYABLE');
  }

  async function hold(
    bankCode: QrBankCode,
    notice: QrPaidNotice,
    qr: QrcodeRow | null,
    outcome: Exclude<QrPaymentOutcome, 'CREDITED'>,
    protectionHold: DepositHold | null = null,
  ): Promise<PaidOutcome> {
    await recordQrPayment(db, {
      ...paymentRow(bankCode, notice, qr?.id ?? null, outcome, null, clock.now()),
      hold_reason: protectionHold,
    });
    // A concurrent delivery of this same payment may have been credited (or held) first; the stored
    // row is the truth, so a repeat is never reported as a held payment.
    const stored = await findQrPayment(db, bankCode, notice.paymentRef);
    return stored && stored.outcome !== outcome ? asRepeat(stored.outcome) : outcome;
  }

  return { receive };
}
export type QrPayments = ReturnType<typeof createQrPayments>;

/** The answer to a payment seen before: credited then is a duplicate now; held stays held. */
function asRepeat(outcome: QrPaymentOutcome): PaidOutcome {
  return outcome === 'CREDITED' ? 'DUPLICATE' : outcome;
}

/** Whether a payment made at `paidAt` was made while the QR could be paid. */
function payableAt(qr: QrcodeRow, paidAt: number): boolean {
  if (qr.status === 'PAID') return false;
  if (paidAt >= qr.expires_at) return false;
  return qr.cancelled_at === null || paidAt < qr.cancelled_at;
}

function paymentRow(
  bankCode: QrBankCode,
  notice: QrPaidNotice,
  qrcodeId: string | null,
  outcome: QrPaymentOutcome,
  statementId: string | null,
  now: number,
) {
  return {
    bank_code: bankCode,
    payment_ref: notice.paymentRef,
    gateway_ref: notice.gatewayRef,
    qrcode_id: qrcodeId,
    amount: notice.amount,
    paid_at: notice.paidAt,
    outcome,
    hold_reason: null as string | null,
    statement_id: statementId,
    created_at: now,
  };
}
