/**
 * Deposit rules without Zod: the web app imports these at runtime, and a runtime import of deposit.ts
 * would pull Zod into its chunks. deposit.ts re-exports them.
 */

/** Wallet modes other than AUTO mean a gift link the player pastes (SPEC §2), so mode stays open-ended. */
export const WALLET_DEPOSIT_AUTO = 'AUTO';

export function isGiftLinkWallet(account: { mode: string }): boolean {
  return account.mode !== WALLET_DEPOSIT_AUTO;
}

/** The statement's `from` of a gift-link deposit: the mobile wallet the money came from. */
export const GIFT_LINK_SOURCE = 'TRUEWALLET';

/** The largest gift link the app sends; longer pastes are refused before encryption. */
export const GIFT_LINK_MAX_LENGTH = 200;

/**
 * The plaintext the client encrypts with RSA-OAEP-256 for POST /api/wallet/truelink (SPEC §7: the gift
 * link plus the wallet account name). JSON keeps the two apart whatever characters a paste contains.
 */
export function giftLinkPlaintext(link: string, walletAccountName: string): string {
  return JSON.stringify({ link, walletAccountName });
}

/** A deposit account's type; PAYMENT marks a QR payment gateway's account (zod-free for the back office's form). */
export const DEPOSIT_BANK_TYPES = ['BANK', 'PAYMENT'] as const;
export type DepositBankType = (typeof DEPOSIT_BANK_TYPES)[number];

/** How an incoming bank transfer is detected. */
export const DEPOSIT_MODES = ['AUTO', 'SMS'] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];
