import { text } from '@wallet/contract/common';
import { QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import { apiAmount, fromMinor, MoneyFormatError, toMinor } from '@wallet/contract/money';
import type { Kysely } from 'kysely';
import { anyId } from 'promptparse/generate';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomDigits, randomId } from '../../lib/ids.ts';
import type { PaidWebhookReading, QrGateway, QrGateways, WebhookDelivery } from './qr-gateway.ts';
import { signQrWebhook, verifyQrWebhook } from './qr-webhook-signature.ts';

/**
 * The first 3 digits of the PromptPay e-wallet ids each sandbox gateway issues (invented, except KBANK's
 * bank code 004). Each QR gets its own 15-digit id, so every payload is unique like a real dynamic QR.
 */
const ISSUER_PREFIX: Record<QrBankCode, string> = {
  KBANK: '004',
  WW: '901',
  PAYTIMZ: '902',
  PAYONEX: '903',
  ZPAY: '904',
};

/** The sandbox gateways' webhook body; `amount` is decimal baht, as gateways send it. */
export const sandboxPaidWebhookBody = z.object({
  event: z.literal('qr.paid'),
  gatewayRef: text().min(1).max(100),
  paymentRef: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  amount: apiAmount.refine((n) => n > 0),
  paidAt: z.number().int().nonnegative(),
});
export type SandboxPaidWebhookBody = z.infer<typeof sandboxPaidWebhookBody>;

export type SandboxQrFaultMode = 'fail' | 'ok';

export type SandboxPayResult =
  | { ok: true; paymentRef: string; delivery: WebhookDelivery }
  | { ok: false; reason: 'unknown' | 'cancelled' | 'expired' };

export interface SandboxQrGateways {
  gateways: Required<QrGateways>;
  /** 'fail': the gateway issues no QR until set back to 'ok' (the QR_FAIL path). */
  setFault(bankCode: QrBankCode, mode: SandboxQrFaultMode): void;
  isFailing(bankCode: QrBankCode): boolean;
  clearFaults(): void;
  /**
   * A payer scans and pays the QR: the gateway books the payment and hands back the signed paid
   * webhook it posts. Paying an already paid QR re-delivers the same payment, as a gateway retry does.
   */
  pay(bankCode: QrBankCode, gatewayRef: string): Promise<SandboxPayResult>;
}

/**
 * Sandbox QR gateways for every gateway code: real PromptPay EMVCo payloads (tag 29 AnyID with AID
 * A000000677010111, amount tag 54, CRC tag 63) from `promptparse`, orders kept in the gateway's own
 * table, webhooks signed as `qr-webhook-signature.ts` describes. Faults live in memory per process.
 */
export function createSandboxQrGateways(deps: {
  db: Kysely<Database>;
  clock: Clock;
  expirySeconds: number;
  /** Each gateway signs with its own secret, as separate companies would. */
  webhookSecrets: Record<QrBankCode, string>;
  webhookToleranceSeconds: number;
}): SandboxQrGateways {
  const { db, clock } = deps;
  const failing = new Set<QrBankCode>();

  // Which gateway spoke is the URL it posted to; only that gateway's secret is accepted there, and our
  // lookup of gatewayRef is per gateway.
  function readPaidWebhook(bankCode: QrBankCode, delivery: WebhookDelivery, now: number): PaidWebhookReading {
    if (!verifyQrWebhook(deps.webhookSecrets[bankCode], delivery, now, deps.webhookToleranceSeconds)) {
      return { ok: false, reason: 'signature' };
    }
    let json: unknown;
    try {
      json = JSON.parse(delivery.rawBody);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const parsed = sandboxPaidWebhookBody.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    try {
      const { gatewayRef, paymentRef, amount, paidAt } = parsed.data;
      return { ok: true, notice: { gatewayRef, paymentRef, amount: toMinor(amount), paidAt } };
    } catch (error) {
      if (error instanceof MoneyFormatError) return { ok: false, reason: 'malformed' };
      throw error;
    }
  }

  function gateway(bankCode: QrBankCode): QrGateway {
    return {
      bankCode,
      async createQr({ amount, reference }) {
        if (failing.has(bankCode)) return { ok: false, reason: 'sandbox fault: gateway unavailable' };
        const now = clock.now();
        const gatewayRef = `${bankCode}-${randomId(16)}`;
        const payload = anyId({
          type: 'EWALLETID',
          target: `${ISSUER_PREFIX[bankCode]}${randomDigits(12)}`,
          amount: fromMinor(amount),
        });
        const expiresAt = now + deps.expirySeconds * 1000;
        await db
          .insertInto('sandbox_qr_orders')
          .values({
            gateway_ref: gatewayRef,
            bank_code: bankCode,
            merchant_ref: reference,
            amount,
            status: 'OPEN',
            payment_ref: null,
            paid_at: null,
            expires_at: expiresAt,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { ok: true, qr: { gatewayRef, payload, expiresAt } };
      },
      async cancel(gatewayRef) {
        await db
          .updateTable('sandbox_qr_orders')
          .set({ status: 'CANCELLED', updated_at: clock.now() })
          .where('gateway_ref', '=', gatewayRef)
          .where('bank_code', '=', bankCode)
          .where('status', '=', 'OPEN')
          .execute();
      },
      readPaidWebhook: (delivery, now) => readPaidWebhook(bankCode, delivery, now),
    };
  }

  function delivery(
    bankCode: QrBankCode,
    order: { gateway_ref: string; amount: number; payment_ref: string; paid_at: number },
  ) {
    const body: SandboxPaidWebhookBody = {
      event: 'qr.paid',
      gatewayRef: order.gateway_ref,
      paymentRef: order.payment_ref,
      amount: fromMinor(Number(order.amount)),
      paidAt: Number(order.paid_at),
    };
    return signQrWebhook(deps.webhookSecrets[bankCode], JSON.stringify(body), clock.now());
  }

  async function pay(bankCode: QrBankCode, gatewayRef: string): Promise<SandboxPayResult> {
    const now = clock.now();
    const paymentRef = `PAY${randomId(16)}`;
    // The conditional update is the gateway's own "paid once": two payers at once, one payment.
    await db
      .updateTable('sandbox_qr_orders')
      .set({ status: 'PAID', payment_ref: paymentRef, paid_at: now, updated_at: now })
      .where('gateway_ref', '=', gatewayRef)
      .where('bank_code', '=', bankCode)
      .where('status', '=', 'OPEN')
      .where('expires_at', '>', now)
      .execute();
    const order = await db
      .selectFrom('sandbox_qr_orders')
      .select(['gateway_ref', 'amount', 'status', 'payment_ref', 'paid_at', 'expires_at'])
      .where('gateway_ref', '=', gatewayRef)
      .where('bank_code', '=', bankCode)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: 'unknown' };
    if (order.status === 'PAID' && order.payment_ref !== null && order.paid_at !== null) {
      const paid = { ...order, payment_ref: order.payment_ref, paid_at: order.paid_at };
      return { ok: true, paymentRef: order.payment_ref, delivery: delivery(bankCode, paid) };
    }
    return { ok: false, reason: order.status === 'CANCELLED' ? 'cancelled' : 'expired' };
  }

  const gateways = Object.fromEntries(QR_BANK_CODES.map((code) => [code, gateway(code)])) as Required<QrGateways>;
  return {
    gateways,
    setFault(bankCode, mode) {
      if (mode === 'fail') failing.add(bankCode);
      else failing.delete(bankCode);
    },
    isFailing: (bankCode) => failing.has(bankCode),
    clearFaults: () => failing.clear(),
    pay,
  };
}
