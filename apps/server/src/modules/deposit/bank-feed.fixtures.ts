import {
  BANK_FEED_PATH,
  BANK_FEED_SIGNATURE_HEADER,
  BANK_FEED_TIMESTAMP_HEADER,
  type BankFeedTransfer,
} from '@wallet/contract/bank-feed';
import type { FastifyInstance } from 'fastify';
import { signBankFeed } from '../../providers/payments/bank-feed-signature.ts';

/** Test support: deliveries as the bank would post them, and ways to spoil them. */

/** The operator's seeded deposit accounts (see db/seed/seed.ts). */
export const OPERATOR_AUTO_ACCOUNT = { accountNo: '1234567890', bankCode: 'KBANK' } as const;
export const OPERATOR_SMS_ACCOUNT = { accountNo: '9876543210', bankCode: 'SCB' } as const;

let referenceCounter = 0;
export function newReference(): string {
  referenceCounter += 1;
  return `T${Date.now().toString(36).toUpperCase()}${String(referenceCounter).padStart(4, '0')}`;
}

let accountCounter = 0;
/**
 * A 13-digit account number. Registered players elsewhere in the suites have 10 digits, and a mask
 * is aligned on the right, so a 13-character mask can only ever match these.
 */
export function longAccountNo(middle?: string): string {
  accountCounter += 1;
  const head = String(Date.now() % 1e4).padStart(4, '0');
  const tail = String(accountCounter % 1e3).padStart(3, '0');
  return `${head}${middle ?? String((Date.now() * 7 + accountCounter) % 1e6).padStart(6, '0')}${tail}`;
}

/** Hides every digit of an account number except those in [from, to). */
export function mask(accountNo: string, from: number, to: number): string {
  return [...accountNo].map((digit, i) => (i >= from && i < to ? digit : 'x')).join('');
}

export function transferTo(
  from: { accountNo: string; bankCode?: string },
  amount: number,
  overrides: Partial<BankFeedTransfer> = {},
): BankFeedTransfer {
  return {
    reference: newReference(),
    mode: 'AUTO',
    to: { ...OPERATOR_AUTO_ACCOUNT },
    from,
    amount,
    transferredAt: '2026-01-15T10:00:00+07:00',
    ...overrides,
  };
}

export interface DeliveryOptions {
  /** Seconds added to the signing time (negative: an old delivery). */
  skewSeconds?: number;
  /** Replaces the body after signing. */
  alterBody?: (rawBody: string) => string;
  /** Moves the timestamp header this many seconds after signing (still fresh, no longer signed). */
  moveTimestampSeconds?: number;
  /** Header edits after signing; undefined removes the header. */
  headers?: Record<string, string | undefined>;
}

/** Posts a signed delivery to the webhook through the whole app; a string body is signed as is. */
export async function deliver(
  app: FastifyInstance,
  secret: string,
  nowMs: number,
  transfer: BankFeedTransfer | string,
  options: DeliveryOptions = {},
) {
  const rawBody = typeof transfer === 'string' ? transfer : JSON.stringify(transfer);
  const timestamp = String(Math.floor(nowMs / 1000) + (options.skewSeconds ?? 0));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [BANK_FEED_TIMESTAMP_HEADER]: timestamp,
    [BANK_FEED_SIGNATURE_HEADER]: signBankFeed(secret, timestamp, rawBody),
  };
  if (options.moveTimestampSeconds) {
    headers[BANK_FEED_TIMESTAMP_HEADER] = String(Number(timestamp) + options.moveTimestampSeconds);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const payload = options.alterBody ? options.alterBody(rawBody) : rawBody;
  return app.inject({ method: 'POST', url: BANK_FEED_PATH, headers, payload });
}
