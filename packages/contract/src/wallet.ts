import { z } from 'zod';
import { bankAccount, profile } from './account.ts';
import { isoDateTime, text } from './common.ts';
import { AUTO_LOGIN_PROVIDERS } from './constants.ts';
import { apiAmount } from './money.ts';

import { GAME_CATEGORIES, WALLET_CODE } from './wallet-codes.ts';

export { GAME_CATEGORIES, type GameCategory, WALLET_CODE } from './wallet-codes.ts';

/** A game provider's code as it appears in paths and transfers. */
export const slotCode = z.string().regex(/^[a-z0-9_-]{1,30}$/, { message: 'KEY_INVALID' });
export type SlotCode = z.infer<typeof slotCode>;

/** Either end of a transfer. */
export const walletOrSlotCode = z.union([z.literal(WALLET_CODE), slotCode]);
export type WalletOrSlotCode = z.infer<typeof walletOrSlotCode>;

/** Game account entry (SPEC §3). An inactive entry still lists the provider so the card can offer activation. */
export const gameAccount = z.object({
  code: slotCode,
  name: z.string(),
  logo: z.string(),
  background: z.string(),
  isActive: z.boolean(),
  amount: z.number(),
  /** Per-provider factor the card multiplies the amount by. */
  ftWalletSlot: z.number(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
  /** sport also covers casino: the home screen groups them in one list. */
  category: z.enum(GAME_CATEGORIES),
});
export type GameAccount = z.infer<typeof gameAccount>;

export const walletBalance = z.object({ amount: z.number() });
export type WalletBalance = z.infer<typeof walletBalance>;

/** Invite bonus waiting to be claimed, with the success and fail percents of the bonus it becomes. */
export const inviteSummary = z.object({ amount: z.number(), success: z.number(), fail: z.number() });
export type InviteSummary = z.infer<typeof inviteSummary>;

/** GET /api/wallet. */
export const walletResponse = z.object({
  profile,
  bankAccount,
  wallet: walletBalance,
  invite: inviteSummary,
  slots: z.array(gameAccount),
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const slotCodeParams = z.object({ slotCode });
export type SlotCodeParams = z.infer<typeof slotCodeParams>;

/** GET /api/wallet/account/{slotCode}. event holds the provider's hidden form fields, posted as-is on launch. */
export const gameLoginAccount = z.object({
  username: z.string(),
  password: z.string(),
  event: z.record(z.string(), z.string()),
});
export type GameLoginAccount = z.infer<typeof gameLoginAccount>;

/** GET /api/wallet/refresh/slot (designed here): balances after asking every provider, and when that was. */
export const refreshSlotsResponse = z.object({ slots: z.array(gameAccount), updatedAt: isoDateTime });
export type RefreshSlotsResponse = z.infer<typeof refreshSlotsResponse>;

/** GET /api/wallet/activate/{slotCode} (designed here): the entry, now active, so the card flips without a reload. */
export const activateSlotResponse = gameAccount;
export type ActivateSlotResponse = z.infer<typeof activateSlotResponse>;

/** GET /api/wallet/resetpassword/{slotCode} (designed here): the new credentials, sparing the client a re-read. */
export const resetSlotPasswordResponse = gameLoginAccount;
export type ResetSlotPasswordResponse = z.infer<typeof resetSlotPasswordResponse>;

/** POST /api/wallet/transfer. Positivity, minimum and from ≠ to are checked by the server. */
export const transferPayload = z.object({ from: walletOrSlotCode, to: walletOrSlotCode, amount: apiAmount });
export type TransferPayload = z.infer<typeof transferPayload>;

/** POST /api/wallet/transferAll: moves everything from the other side into `to`. */
export const transferAllPayload = z.object({ to: walletOrSlotCode });
export type TransferAllPayload = z.infer<typeof transferAllPayload>;

export const addPayload = z.object({ amount: apiAmount });
export type AddPayload = z.infer<typeof addPayload>;

export const withdrawPayload = z.object({ amount: apiAmount });
export type WithdrawPayload = z.infer<typeof withdrawPayload>;

export const withdrawAllPayload = z.object({ amount: apiAmount });
export type WithdrawAllPayload = z.infer<typeof withdrawAllPayload>;

/**
 * Answer of add, transfer, transferAll, withdraw and withdrawAll (designed here): the result code and the
 * wallet balance afterwards, so the header can update before the full wallet reload lands.
 */
export const walletMoveResponse = z.object({ message: z.string(), wallet: walletBalance });
export type WalletMoveResponse = z.infer<typeof walletMoveResponse>;

/**
 * RSA-OAEP ciphertext of link + wallet account name, base64. 2048 characters fits a 4096-bit key with
 * room to spare while still refusing junk bodies.
 */
export const truelinkPayload = z.object({
  link: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'TRUELINK_INVALID' }),
});
export type TruelinkPayload = z.infer<typeof truelinkPayload>;

/** POST /api/wallet/truelink (designed here): the result code and the amount the gift link credited. */
export const truelinkResponse = z.object({ message: z.string(), amount: z.number() });
export type TruelinkResponse = z.infer<typeof truelinkResponse>;

/** GET /api/autoLogin/{provider}/{username}[/{password}]. */
export const autoLoginParams = z.object({
  provider: z.enum(AUTO_LOGIN_PROVIDERS),
  username: text().min(1).max(100),
  password: text().min(1).max(128).optional(),
});
export type AutoLoginParams = z.infer<typeof autoLoginParams>;

export const autoLoginResponse = z.object({ link: z.string() });
export type AutoLoginResponse = z.infer<typeof autoLoginResponse>;
