import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BANK_FEED_SIGNATURE_HEADER,
  BANK_FEED_SIGNATURE_PREFIX,
  BANK_FEED_TIMESTAMP_HEADER,
  type BankFeedTransfer,
} from '@wallet/contract/bank-feed';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ensureSetting, getSetting } from '../../db/settings.repo.ts';
import { randomSecret } from '../../lib/ids.ts';

/** Where the generated bank feed secret lives when BANK_WEBHOOK_SECRET is not set. */
export const BANK_WEBHOOK_SECRET_SETTING = 'bank_webhook_secret';

/** The shared secret the server verifies with: configured, or generated once and kept in settings. */
export async function ensureBankFeedSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  return configured ?? (await ensureSetting(db, BANK_WEBHOOK_SECRET_SETTING, randomSecret));
}

/** The secret a sender (the sandbox command) signs with; undefined until a server has generated one. */
export async function readBankFeedSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string | undefined> {
  return configured ?? (await getSetting<string>(db, BANK_WEBHOOK_SECRET_SETTING));
}

function hmacHex(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The x-bank-signature value for one delivery. */
export function signBankFeed(secret: string, timestamp: string, rawBody: string): string {
  return `${BANK_FEED_SIGNATURE_PREFIX}${hmacHex(secret, timestamp, rawBody)}`;
}

export interface SignedDelivery {
  rawBody: string;
  headers: Record<string, string>;
}

/** A transfer as the bank would post it: the JSON body and its timestamp and signature headers. */
export function signedDelivery(secret: string, transfer: BankFeedTransfer, nowMs: number): SignedDelivery {
  const rawBody = JSON.stringify(transfer);
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      [BANK_FEED_TIMESTAMP_HEADER]: timestamp,
      [BANK_FEED_SIGNATURE_HEADER]: signBankFeed(secret, timestamp, rawBody),
    },
  };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

const TIMESTAMP_PATTERN = /^\d{1,12}$/;
const SIGNATURE_PATTERN = new RegExp(`^${BANK_FEED_SIGNATURE_PREFIX}([0-9a-fA-F]{64})$`);

/**
 * Checks one delivery: both headers present and well formed, the timestamp within the tolerance of
 * our clock (either way: an old delivery is a replay, one from the future a forgery or a broken
 * clock), and the HMAC equal to ours, compared in constant time so timing reveals nothing of it.
 */
export function verifyBankFeed(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  nowMs: number;
  toleranceSeconds: number;
}): SignatureCheck {
  const { timestamp, signature } = input;
  if (!timestamp || !signature) return { ok: false, reason: 'missing' };
  const hex = SIGNATURE_PATTERN.exec(signature)?.[1];
  if (!TIMESTAMP_PATTERN.test(timestamp) || !hex) return { ok: false, reason: 'malformed' };
  if (Math.abs(Math.floor(input.nowMs / 1000) - Number(timestamp)) > input.toleranceSeconds) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(hmacHex(input.secret, timestamp, input.rawBody), 'hex');
  const given = Buffer.from(hex, 'hex');
  return timingSafeEqual(expected, given) ? { ok: true } : { ok: false, reason: 'mismatch' };
}
