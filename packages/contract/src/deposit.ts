import { z } from 'zod';
import { text } from './common.ts';
import { QR_BANK_CODES } from './constants.ts';
import { GIFT_LINK_MAX_LENGTH } from './deposit-rules.ts';

export {
  GIFT_LINK_MAX_LENGTH,
  GIFT_LINK_SOURCE,
  giftLinkPlaintext,
  isGiftLinkWallet,
  WALLET_DEPOSIT_AUTO,
} from './deposit-rules.ts';

import { DEPOSIT_BANK_TYPES, DEPOSIT_MODES } from './deposit-rules.ts';

export { DEPOSIT_BANK_TYPES, DEPOSIT_MODES, type DepositBankType, type DepositMode } from './deposit-rules.ts';

/** Bank deposit account (SPEC §3). PAYMENT marks a payment gateway rather than a plain bank account. */
export const bankDepositAccount = z.object({
  bankCode: z.string(),
  bankType: z.enum(DEPOSIT_BANK_TYPES),
  mode: z.enum(DEPOSIT_MODES),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.string().nullable(),
  bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
});
export type BankDepositAccount = z.infer<typeof bankDepositAccount>;

export const walletDepositAccount = z.object({ walletAccountName: z.string(), mode: z.string() });
export type WalletDepositAccount = z.infer<typeof walletDepositAccount>;

/** Where players send money, as the operator keeps it (settings content.deposit). */
export const depositContent = z.object({
  banks: z.array(bankDepositAccount),
  wallets: z.array(walletDepositAccount),
  isManual: z.boolean(),
});
export type DepositContent = z.infer<typeof depositContent>;

/**
 * The deposit lookup: the accounts, and the smallest amount (baht) each QR gateway takes now, as the
 * operator set it in the back office; the player's QR form checks and shows the same minimum the
 * server enforces.
 */
export const depositLookupResponse = depositContent.extend({
  qrMinimums: z.record(z.enum(QR_BANK_CODES), z.number()),
});
export type DepositLookupResponse = z.infer<typeof depositLookupResponse>;

/**
 * GET /api/wallet/truelink/key (designed here): the SPKI PEM public key the client encrypts gift links
 * under with RSA-OAEP-256 before POST /api/wallet/truelink.
 */
export const truelinkKeyResponse = z.object({ publicKey: z.string() });
export type TruelinkKeyResponse = z.infer<typeof truelinkKeyResponse>;

export const giftLinkPlaintextSchema = z.object({
  link: text().min(1).max(GIFT_LINK_MAX_LENGTH),
  walletAccountName: text().min(1).max(100),
});
export type GiftLinkPlaintext = z.infer<typeof giftLinkPlaintextSchema>;
