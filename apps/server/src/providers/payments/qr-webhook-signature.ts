import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookDelivery } from './qr-gateway.ts';

export const QR_TIMESTAMP_HEADER = 'x-qr-timestamp';
export const QR_SIGNATURE_HEADER = 'x-qr-signature';
const SIGNATURE_PREFIX = 'sha256=';

/**
 * The signature the sandbox gateways put on their webhooks: HMAC-SHA256 over `<timestamp>.<raw body>`
 * with the shared secret, hex, sent as `x-qr-signature: sha256=<hex>` next to `x-qr-timestamp`
 * (Unix seconds). Signing the timestamp with the body is what lets a receiver refuse old replays.
 */
export function qrWebhookSignature(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

/** The headers of a signed delivery, for the sandbox gateway and for tests. */
export function signQrWebhook(secret: string, rawBody: string, nowMs: number): WebhookDelivery {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      [QR_TIMESTAMP_HEADER]: String(timestamp),
      [QR_SIGNATURE_HEADER]: `${SIGNATURE_PREFIX}${qrWebhookSignature(secret, timestamp, rawBody)}`,
    },
  };
}

function header(delivery: WebhookDelivery, name: string): string | undefined {
  const value = delivery.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * True when the delivery carries our secret's signature over exactly these bytes and its timestamp is
 * within `toleranceSeconds` of now. The comparison takes the same time whatever the first wrong byte.
 */
export function verifyQrWebhook(
  secret: string,
  delivery: WebhookDelivery,
  nowMs: number,
  toleranceSeconds: number,
): boolean {
  const timestampText = header(delivery, QR_TIMESTAMP_HEADER);
  const signatureText = header(delivery, QR_SIGNATURE_HEADER);
  if (!timestampText || !signatureText || !/^\d{1,12}$/.test(timestampText)) return false;
  if (!signatureText.startsWith(SIGNATURE_PREFIX)) return false;
  const timestamp = Number(timestampText);
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return false;
  const given = Buffer.from(signatureText.slice(SIGNATURE_PREFIX.length), 'hex');
  const expected = Buffer.from(qrWebhookSignature(secret, timestamp, delivery.rawBody), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
