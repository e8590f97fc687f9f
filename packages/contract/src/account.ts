import { z } from 'zod';
import { isoDateTime, text } from './common.ts';
import { LAO_CURRENCIES } from './constants.ts';
import { PASSWORD_MAX_LENGTH, passwordProblem } from './password-rule.ts';

export {
  BANK_ACCOUNT_NO_PATTERN,
  ENGLISH_NAME_PATTERN,
  formatAccountNumber,
  isEnglishName,
  isValidPhone,
  needsEnglishAccountName,
  normalisePhone,
} from './account-rules.ts';

import { normalisePhone } from './account-rules.ts';

const trimmed = (max: number) => text().trim().max(max);
/**
 * A phone as typed or pasted, in its local form (normalisePhone) before any length limit: the service
 * then checks the SPEC rule on the normalised digits.
 */
export const phoneField = () => text().max(40).transform(normalisePhone).pipe(z.string().min(1).max(20));
const password = text().min(1).max(PASSWORD_MAX_LENGTH);
/**
 * A password being set (registration, change, reset) follows the shared rule of password-rule.ts. Its
 * phone part needs the player's phone, so the service checks that part.
 */
const newPassword = password.refine((value) => passwordProblem(value) === null, { message: 'WEAK_PASSWORD' });

/**
 * Registration payload (SPEC §3). username is the phone; bankAccountName is first and last name
 * joined by one space; currency is set only in Lao mode.
 */
export const registrationPayload = z.object({
  name: trimmed(100).min(1),
  username: phoneField(),
  password: newPassword,
  sourceCode: trimmed(50).optional().default(''),
  inviteCode: trimmed(50).optional().default(''),
  bankCode: trimmed(20).min(1),
  bankAccountName: trimmed(200).min(1),
  bankAccountNo: trimmed(30).min(1),
  currency: z.enum(LAO_CURRENCIES).optional(),
});
export type RegistrationPayload = z.input<typeof registrationPayload>;

/**
 * POST /api/account/validate runs at the profile step "with the data so far" (SPEC §5), so bank
 * fields may still be empty; the server checks every field that is present.
 */
export const registrationValidatePayload = z.object({
  name: trimmed(100).min(1),
  username: phoneField(),
  password: newPassword,
  sourceCode: trimmed(50).optional().default(''),
  inviteCode: trimmed(50).optional().default(''),
  bankCode: trimmed(20).optional().default(''),
  bankAccountName: trimmed(200).optional().default(''),
  bankAccountNo: trimmed(30).optional().default(''),
  currency: z.enum(LAO_CURRENCIES).optional(),
});
export type RegistrationValidatePayload = z.input<typeof registrationValidatePayload>;

export const loginPayload = z.object({
  username: phoneField(),
  password,
  /** Not in SPEC's payload: asks for a long-lived token, matching the "remember" checkbox. */
  remember: z.boolean().optional().default(false),
});
export type LoginPayload = z.input<typeof loginPayload>;

/**
 * POST /api/account/reset-password (issue 18): the new password of a player who proved their phone with
 * a password-reset OTP (POST /api/otp/send-reset, then /api/otp/verify). Every session of the player
 * ends.
 */
export const resetPasswordPayload = z.object({
  otpToken: text().trim().min(1).max(200),
  newPassword,
});
export type ResetPasswordPayload = z.input<typeof resetPasswordPayload>;

export const loginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** Profile entity (SPEC §3). */
export const profile = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  createdAt: isoDateTime,
  coin: z.number().int(),
});
export type Profile = z.infer<typeof profile>;

/** The player's registered bank account, as the wallet response and profile screen show it. */
export const bankAccount = z.object({
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.string().nullable(),
  bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
});
export type BankAccount = z.infer<typeof bankAccount>;

/** GET /api/account/profile: the profile entity plus the bank account the profile screen shows. */
export const profileResponse = profile.extend({ bankAccount });
export type ProfileResponse = z.infer<typeof profileResponse>;

/** PUT /api/account/profile (SPEC §3 Profile update). */
export const profileUpdatePayload = z.object({
  name: trimmed(100).min(1),
  bankCode: trimmed(20).min(1),
  bankAccountName: trimmed(200).min(1),
  bankAccountNo: trimmed(30).min(1),
  /** Not in SPEC's payload: the current password, required when the bank details change. */
  password: text().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ProfileUpdatePayload = z.infer<typeof profileUpdatePayload>;

/** PUT /api/account/bankAccountName: the English-name fix for KTB, TMB and BBL accounts. */
export const bankAccountNamePayload = z.object({
  bankCode: trimmed(20).min(1),
  bankAccountName: trimmed(200).min(1),
});
export type BankAccountNamePayload = z.infer<typeof bankAccountNamePayload>;

export const changePasswordPayload = z.object({
  oldPassword: password,
  newPassword,
});
export type ChangePasswordPayload = z.infer<typeof changePasswordPayload>;

/**
 * POST /api/account/bank-change-request (issue 14): a player no longer changes their payout account
 * directly; they file a request (current password required) that an operator approves or refuses.
 */
export const bankChangeRequestPayload = z.object({
  bankCode: trimmed(20).min(1),
  bankAccountName: trimmed(200).min(1),
  bankAccountNo: trimmed(30).min(1),
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});
export type BankChangeRequestPayload = z.infer<typeof bankChangeRequestPayload>;

/** The player's latest request and its outcome; `reason` is the operator's when refused. */
export const playerBankChangeRequest = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  bankCode: z.string(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  reason: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
});
export type PlayerBankChangeRequest = z.infer<typeof playerBankChangeRequest>;

/** GET and POST /api/account/bank-change-request: the latest request, null when the player never filed one. */
export const bankChangeRequestResponse = z.object({ request: playerBankChangeRequest.nullable() });
export type BankChangeRequestResponse = z.infer<typeof bankChangeRequestResponse>;
