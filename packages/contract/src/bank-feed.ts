import { z } from 'zod';
import { DEPOSIT_MODES } from './deposit.ts';
import { apiAmount } from './money.ts';

/**
 * The incoming-transfer feed of the operator's bank accounts (DESIGN §4): the bank posts every
 * transfer that reaches one of the operator's deposit accounts to a signed webhook, and the server
 * credits the registered player who sent it. Designed here; SPEC shows only the player's side.
 */
export const BANK_FEED_PATH = '/api/webhooks/bank';

/**
 * The signature is HMAC-SHA256 of `${timestamp}.${rawBody}` under the shared secret, as lower-case
 * hex after the prefix. Signing the timestamp with the body lets the server refuse replays of an old,
 * genuinely signed delivery.
 */
export const BANK_FEED_TIMESTAMP_HEADER = 'x-bank-timestamp';
export const BANK_FEED_SIGNATURE_HEADER = 'x-bank-signature';
export const BANK_FEED_SIGNATURE_PREFIX = 'sha256=';

/** Characters that hide a digit in a masked account number (SMS feeds print e.g. xxx-x-x5678-x). */
export const ACCOUNT_MASK_CHARS = /[xX*]/;
/** Fewer visible digits than this cannot tell players apart; such a transfer is kept for the operator. */
export const MIN_VISIBLE_ACCOUNT_DIGITS = 4;

/** Bank code as our bank list spells it (KBANK, SCB, BCEL…). */
export const feedBankCode = z.string().regex(/^[A-Z0-9]{2,20}$/, { message: 'KEY_INVALID' });

/** A full account number; banks print them with dashes (123-4-56789-0), which carry no meaning. */
export const feedAccountNo = z.string().regex(/^\d[\d-]{4,28}\d$/, { message: 'KEY_INVALID' });

/** A sender's account number as the feed shows it: full, or masked with x/X/* in SMS mode. */
export const feedSenderAccountNo = z.string().regex(/^[\dxX*][\dxX*-]{2,28}[\dxX*]$/, { message: 'KEY_INVALID' });

/** The bank's unique id of the transaction; it becomes the once-ever deposit reference `bank:<reference>`. */
export const feedReference = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{3,63}$/, { message: 'KEY_INVALID' });

/** Strips the formatting of an account number: dashes and spaces. */
export function normaliseAccountNo(accountNo: string): string {
  return accountNo.replace(/[\s-]/g, '');
}

export function isMaskedAccountNo(accountNo: string): boolean {
  return ACCOUNT_MASK_CHARS.test(accountNo);
}

export function visibleDigitCount(accountNo: string): number {
  return normaliseAccountNo(accountNo).replace(/\D/g, '').length;
}

/**
 * One incoming transfer as the bank posts it. The destination is one of the operator's deposit
 * accounts; the sender is identified by bank code (optional: some SMS notices omit it) and account
 * number. AUTO feeds come from the bank's API and always carry the full number.
 */
export const bankFeedTransfer = z
  .object({
    reference: feedReference,
    mode: z.enum(DEPOSIT_MODES),
    to: z.object({ accountNo: feedAccountNo, bankCode: feedBankCode.optional() }),
    from: z.object({ accountNo: feedSenderAccountNo, bankCode: feedBankCode.optional() }),
    amount: apiAmount.refine((n) => n > 0, { message: 'KEY_INVALID' }),
    transferredAt: z.iso.datetime({ offset: true, message: 'KEY_INVALID' }),
  })
  .refine((t) => t.mode === 'SMS' || !isMaskedAccountNo(t.from.accountNo), {
    path: ['from', 'accountNo'],
    message: 'KEY_INVALID',
  });
export type BankFeedTransfer = z.infer<typeof bankFeedTransfer>;

/**
 * What became of a delivered transfer. CREDITED: paid into the sender's wallet. UNMATCHED: kept for the
 * operator (no registered sender, several candidates, or another currency). DUPLICATE: the same bank
 * transfer was already paid by another route (an uploaded slip). UNKNOWN_DESTINATION: the destination is
 * not one of the operator's deposit accounts, so the money is not ours to credit.
 */
/** RETURNED: an operator had the bank send an UNMATCHED transfer back to its sender; it never reached a wallet. */
export const BANK_TRANSFER_STATUSES = [
  'CREDITED',
  'UNMATCHED',
  'DUPLICATE',
  'UNKNOWN_DESTINATION',
  'RETURNED',
] as const;
export type BankTransferStatus = (typeof BANK_TRANSFER_STATUSES)[number];

/**
 * Why an UNMATCHED transfer could not be paid automatically. DEPOSIT_LIMIT and PLAYER_RESTRICTED
 * (player protection, issue 20): the sender is known (userId) but the transfer would pass their deposit
 * limit, or arrived during their time-out, self-exclusion or cooling-off; it waits for an operator.
 */
export const UNMATCHED_REASONS = ['NO_PLAYER', 'AMBIGUOUS', 'CURRENCY', 'DEPOSIT_LIMIT', 'PLAYER_RESTRICTED'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** The webhook's answer. `repeated` is true when the reference had already been delivered: nothing moved. */
export const bankFeedResponse = z.object({
  reference: z.string(),
  status: z.enum(BANK_TRANSFER_STATUSES),
  repeated: z.boolean(),
});
export type BankFeedResponse = z.infer<typeof bankFeedResponse>;

/** POST /sandbox/bank/transfer: posts an arbitrary transfer through the real feed, as the bank would. */
export const sandboxBankTransferRequest = z.object({
  /** The operator's deposit account number. */
  to: feedAccountNo,
  /** The sender's account number, masked or full. */
  from: feedSenderAccountNo,
  amount: apiAmount,
  reference: feedReference.optional(),
  fromBank: feedBankCode.optional(),
  mode: z.enum(DEPOSIT_MODES).optional(),
});
export type SandboxBankTransferRequest = z.infer<typeof sandboxBankTransferRequest>;

/** A recorded transfer as the operator sees it (sandbox list now, back office later). */
export const bankTransferView = z.object({
  id: z.string(),
  reference: z.string(),
  mode: z.enum(DEPOSIT_MODES),
  toAccountNo: z.string(),
  toBankCode: z.string().nullable(),
  fromAccountNo: z.string(),
  fromBankCode: z.string().nullable(),
  amount: z.number(),
  currency: z.string().nullable(),
  transferredAt: z.string(),
  status: z.enum(BANK_TRANSFER_STATUSES),
  reason: z.enum(UNMATCHED_REASONS).nullable(),
  userId: z.string().nullable(),
  statementId: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BankTransferView = z.infer<typeof bankTransferView>;

/**
 * Manual deposit notices (POST /api/wallet/add while the operator has isManual on): the player says a
 * transfer was made; the operator confirms (the wallet is credited) or rejects it.
 */
export const MANUAL_DEPOSIT_STATUSES = ['PENDING', 'CONFIRMED', 'REJECTED'] as const;
export type ManualDepositStatus = (typeof MANUAL_DEPOSIT_STATUSES)[number];

/** The operator's decision on a notice; `bankReference` ties it to the bank transfer so it is paid once. */
export const manualDepositConfirmRequest = z.object({
  bankReference: feedReference.optional(),
});
export type ManualDepositConfirmRequest = z.infer<typeof manualDepositConfirmRequest>;

export const manualDepositView = z.object({
  id: z.string(),
  userId: z.string(),
  amount: z.number(),
  currency: z.string(),
  fromBankCode: z.string(),
  fromAccountNo: z.string(),
  status: z.enum(MANUAL_DEPOSIT_STATUSES),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ManualDepositView = z.infer<typeof manualDepositView>;
