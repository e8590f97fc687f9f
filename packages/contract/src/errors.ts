import { z } from 'zod';

/** Every error and result code of SPEC §8, grouped as SPEC groups them. Each has th, lo and en text in the web app. */
export const ERROR_CODE_GROUPS = {
  auth: [
    'UNAUTHORIZED',
    'EXPIRED_AUTH_TOKEN',
    'INVALID_USER_1',
    'INVALID_USER_2',
    'INVALID_USER_3',
    'INVALID_USER_4',
    'INVALID_IP',
    'NOT_AREASLOT',
    'NOT_UFABET',
    'NO_USER',
    'WRONG_PASSWORD',
    'WRONG_CREDENTIAL',
    'INACTIVE_USER',
    'LOGIN_FAIL',
    'REQUEST_LIMIT',
  ],
  otp: [
    'OTP_BLOCK',
    'OTP_TOKEN_INVALID',
    'OTP_NOT_EXIST',
    'OTP_VERIFIED',
    'OTP_EXPIRED',
    'OTP_CODE_INVALID',
    'OTP_CODE_VALID',
    'UNVERIFIED_OTP',
    'OTP_SEND_FAIL',
    'OTP_VERIFY_FAIL',
  ],
  registration: [
    'EXISTING_USER',
    'EXISTING_BANK',
    'INVALID_USER_INFO',
    'GAME_ACTIVATION_FAIL',
    'INVALID_BANK',
    'BANK_ACCOUNT_NAME_ENG',
    'REGISTER_FAIL',
    'PHONE_NUMBER_REQUIRE_10_DIGIT',
  ],
  bonus: [
    'BONUS_REMAINING',
    'BONUS_ALREADY_ACTIVE',
    'BONUS_MAX_CLAIMED',
    'BONUS_CONDITION',
    'BONUS_CLEAR',
    'BONUS_FULL',
    'NO_PROMOTION',
    'PROMOTION_RECEIVED',
  ],
  invite: [
    'INVITE_COLLECT',
    'INVITE_INACTIVE',
    'NO_INVITE_BONUS',
    'NO_INVITEE_PLAY_INFO',
    'INVITE_BONUS_SUCCESS',
    'INVITE_BONUS_FAIL',
  ],
  generic: ['INTERNAL_SERVER_ERROR', 'OK', 'SUCCESS', 'KEY_MISSING', 'KEY_INVALID', 'NO_DATA', 'QR_FAIL'],
  refund: ['NO_REFUND', 'REFUND_CONDITION', 'REFUND_SUCCESS', 'REFUND_INACTIVE', 'REFUND_MINIMUM'],
  wallet: [
    'NO_BANK',
    'NO_WALLET',
    'SLOT_ALREADY_ACTIVE',
    'SLOT_ACTIVATE_FAIL',
    'SLOT_NO_ACCOUNT',
    'SLOT_RESET_PASSWORD_FAIL',
    'TRANSFER_MINIMUM',
    'NO_GAME',
    'MONEY_NOT_ENOUGH',
    'TRANSFER_FAIL',
  ],
  slip: [
    'SLIP_UPLOAD_FAIL',
    'REQUEST_LIMIT_1MIN',
    'SLIP_NO_FILE',
    'SLIP_INVALID_FILE',
    'TRUELINK_DUPLICATE',
    'TRUELINK_INVALID',
  ],
  spin: [
    'NO_CLAIMABLE_COUPON',
    'INVALID_PRIZE_CODE',
    'INVALID_CODE',
    'INVALID_COUPON_TYPE',
    'COUPON_EXPIRED',
    'BONUS_REMAINING',
  ],
} as const;

type GroupCodes = (typeof ERROR_CODE_GROUPS)[keyof typeof ERROR_CODE_GROUPS][number];

/** The codes as one de-duplicated list (BONUS_REMAINING stands in two groups). */
export const ERROR_CODES: readonly GroupCodes[] = [...new Set(Object.values(ERROR_CODE_GROUPS).flat())];
export type ErrorCode = GroupCodes;

/**
 * Result and error codes designed here for money in and out, where SPEC's catalogue has none. They
 * travel like catalogue codes ({message}) and the web app translates each under errors.<CODE>.
 */
export const DESIGNED_CODES = [
  /** POST /api/wallet/add: the deposit notice is recorded and waits for the operator. */
  'DEPOSIT_PENDING',
  /** POST /api/wallet/add while the operator has manual deposits off. */
  'MANUAL_DEPOSIT_OFF',
  /** Withdraw accepted: the amount is held until the bank pays it out. */
  'WITHDRAW_PENDING',
  /** Withdraw amount below withdrawMin / above withdrawMax (field amount). */
  'WITHDRAW_MIN',
  'WITHDRAW_MAX',
  /** QR create below the gateway's minimum (field amount). */
  'QR_MINIMUM',
  /** Slip upload during the operator's daily closed window. */
  'SLIP_UPLOAD_CLOSED',
  /**
   * A new password (registration and its validate call, change password) breaks the rule of
   * password-rule.ts: too short, one of the commonest passwords, or the phone number (field password
   * or newPassword).
   */
  'WEAK_PASSWORD',
  /** Back office (403): the operator's role does not hold the permission the route needs (backoffice/permissions.ts). */
  'NO_PERMISSION',
  /** Back-office sign-in of an operator enrolled in two-factor, sent without the authenticator code (field otp). */
  'TOTP_REQUIRED',
  /** Back office, production (403): an owner or finance operator must enrol two-factor before anything else. */
  'TOTP_ENROLMENT_REQUIRED',
  /**
   * Back office (403): the operator still signs in with a password an owner made (new account or
   * reset); every route but GET me, POST me/password and logout waits until they replace it.
   */
  'PASSWORD_CHANGE_REQUIRED',
  /** POST /api/backoffice/me/totp/enable before /setup made a secret (field otp). */
  'TOTP_NOT_SET_UP',
  /** Two-factor setup or enable by an operator already enrolled (409). */
  'TOTP_ALREADY_ENABLED',
  /** A new staff account under a username another operator has (409, field username). */
  'OPERATOR_EXISTS',
  /** An owner acting on their own account through the staff routes (role, disable, reset): 403. */
  'OWN_ACCOUNT',
  /** A bank-account change request while the player already has one waiting for an operator (409). */
  'BANK_CHANGE_PENDING',
  /** PUT /api/account/profile with new bank details: they wait for an operator (a request was filed). */
  'BANK_CHANGE_REQUESTED',
  /** Back office (409): the money-desk item, bank-change request or adjustment was already decided, by someone else or before; nothing was changed. */
  'ALREADY_DECIDED',
  /** Back office (403): the operator who created a four-eyes adjustment cannot approve it; a second one must. */
  'OWN_ADJUSTMENT',
  /** Back office (502): the password was reset but the SMS carrying it could not be sent; reset again. */
  'SMS_SEND_FAIL',
  /** Back office, banner upload (field image): not a PNG, JPEG or WebP by its bytes, or over 2 MB. */
  'IMAGE_INVALID',
  /** Money desk (409): another operator holds the item's claim (until it expires or they release it). */
  'CLAIMED_BY_OTHER',
  /** Money desk (409): four eyes, the operator who gave a withdrawal its first approval cannot give the second. */
  'SECOND_APPROVER_REQUIRED',
  /** Bonus or promotion activation while the player's wallet holds less than its minimum deposit. */
  'BONUS_MIN_DEPOSIT',
  /** A withdrawal under an active bonus above that bonus's maximum withdrawal (field amount). */
  'BONUS_WITHDRAW_MAX',
  /** Back office (409, field code): a new bonus type or promotion code under a code already in use. */
  'CODE_EXISTS',
  /** POST /api/spinwheel/spin without a coin to spend (answered as {success: false, error}). */
  'NO_COIN',
  /** A spin while no wheel is live (none active, outside its schedule, or every prize out of stock). */
  'WHEEL_INACTIVE',
  /** Back office (409): a wheel players have spun is switched off, never deleted. */
  'WHEEL_HAS_SPINS',
  /** Player protection (issue 20, protection.ts): a deposit that would take the player over a deposit limit (field amount). */
  'DEPOSIT_LIMIT_EXCEEDED',
  /** A bank transfer that would pass a deposit limit arrived: it is held for an operator, not credited. */
  'DEPOSIT_HELD_LIMIT',
  /** Deposits, game transfers and launches, bonuses, promotion codes and spins while a time-out runs (403). */
  'PLAYER_TIMED_OUT',
  /** The same while self-excluded, and after the exclusion until the player asks to return (403). */
  'PLAYER_SELF_EXCLUDED',
  /** The same during the 24-hour cooling-off after a return request (403). */
  'PLAYER_COOLING_OFF',
  /** Confirming a limit increase or removal before its 24 hours passed, or with none pending (409). */
  'LIMIT_NOT_DUE',
  /** A time-out or exclusion that would end before the one in force: nobody shortens a protection (409). */
  'PROTECTION_ALREADY_LONGER',
  /** A return request while not in an ended self-exclusion (409). */
  'RETURN_NOT_AVAILABLE',
  /** Chat (404): the operator has the chat widget switched off. */
  'CHAT_DISABLED',
  /** Chat (403): `join` or a call for a room that is not the caller's own (another player's or guest's). */
  'CHAT_ROOM_REFUSED',
  /** Chat (429): too many messages this minute from this player, guest or address. */
  'CHAT_MESSAGE_LIMIT',
  /** Chat (429): too many uploads this hour from this player, guest or address. */
  'CHAT_UPLOAD_LIMIT',
  /** Chat upload (field file): the bytes are not an accepted image (JPEG, PNG, WebP, GIF) or video (MP4, QuickTime, WebM). */
  'CHAT_FILE_UNSUPPORTED',
  /** Chat upload (413, field file): an image over 10 MB. */
  'CHAT_IMAGE_TOO_LARGE',
  /** Chat upload (413, field file): a video over 20 MB. */
  'CHAT_VIDEO_TOO_LARGE',
] as const;
export type DesignedCode = (typeof DESIGNED_CODES)[number];

import type { GONE, INVALID_TOKEN } from './client-messages.ts';

export { GONE, INVALID_TOKEN } from './client-messages.ts';
export type ClientMessage = ErrorCode | DesignedCode | typeof INVALID_TOKEN | typeof GONE;

/** Slip reason codes of SPEC §8 (shown in brackets after the slip status). */
export const SLIP_REASON_CODES = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
] as const;
export type SlipReasonCode = (typeof SLIP_REASON_CODES)[number];

/** Every error body the server sends: a code, and for validation failures the offending field. */
export const errorResponse = z.object({
  message: z.string(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Body of calls whose success response SPEC does not show: a result code from the catalogue. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
