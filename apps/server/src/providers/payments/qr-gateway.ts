import type { QrBankCode } from '@wallet/contract/constants';

/** A QR the gateway issued: its own id for it, the EMVCo string to draw, and when it stops being payable. */
export interface IssuedQr {
  gatewayRef: string;
  payload: string;
  /** Epoch ms. */
  expiresAt: number;
}

export type CreateQrResult = { ok: true; qr: IssuedQr } | { ok: false; reason: string };

/** A gateway's word that a payer paid one of its QRs. */
export interface QrPaidNotice {
  gatewayRef: string;
  /** The gateway's id of the payment: one payment, one reference, however often it is delivered. */
  paymentRef: string;
  /** Minor units actually paid. */
  amount: number;
  /** Epoch ms the payer paid. */
  paidAt: number;
}

/** One webhook delivery exactly as it reached us: the raw body bytes (as text) and the headers. */
export interface WebhookDelivery {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * signature: not signed by the gateway, or signed too long ago / in the future (a replay).
 * malformed: correctly signed, but not a paid notice we can read.
 */
export type PaidWebhookReading = { ok: true; notice: QrPaidNotice } | { ok: false; reason: 'signature' | 'malformed' };

/**
 * A QR payment gateway (DESIGN §4). Each real gateway signs and words its webhooks its own way, so
 * reading one belongs to the adapter; what comes out is always a QrPaidNotice.
 */
export interface QrGateway {
  readonly bankCode: QrBankCode;
  /** Asks for a dynamic QR of exactly `amount` minor units; `reference` is our id for it. */
  createQr(input: { amount: number; reference: string }): Promise<CreateQrResult>;
  /** Tells the gateway to refuse further payments of this QR. */
  cancel(gatewayRef: string): Promise<void>;
  readPaidWebhook(delivery: WebhookDelivery, now: number): PaidWebhookReading;
}

export type QrGateways = Partial<Record<QrBankCode, QrGateway>>;
