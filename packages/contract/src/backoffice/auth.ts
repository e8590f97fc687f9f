import { z } from 'zod';
import { text } from '../common.ts';
import { PASSWORD_MAX_LENGTH, passwordProblem } from '../password-rule.ts';
import { PERMISSIONS } from './permissions.ts';
import { OPERATOR_ROLES } from './roles.ts';

export * from './permissions.ts';
export * from './roles.ts';

/** Staff usernames are compared in lower case, as typed at sign-in. */
export const operatorUsernameInput = text().trim().toLowerCase().min(1).max(32);
const password = text().min(1).max(PASSWORD_MAX_LENGTH);
/** A password an operator sets follows the players' rule (password-rule.ts). */
export const operatorNewPassword = password.refine((value) => passwordProblem(value) === null, {
  message: 'WEAK_PASSWORD',
});
/** The six digits an authenticator app shows. */
export const totpCode = z.string().regex(/^\d{6}$/);

/** POST /api/backoffice/login. `otp` is required once the operator has enrolled two-factor. */
export const operatorLoginPayload = z.object({
  username: operatorUsernameInput,
  password,
  otp: totpCode.optional(),
});
export type OperatorLoginPayload = z.input<typeof operatorLoginPayload>;

export const operatorSummary = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;

export const operatorLoginResponse = z.object({
  token: z.string(),
  operator: operatorSummary,
  /** True when the password is one an owner made (new account, reset): the app asks for a new one first. */
  mustChangePassword: z.boolean(),
});
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponse>;

/** GET /api/backoffice/me: who is signed in and what the role may do (the app hides the rest). */
export const operatorMeResponse = operatorSummary.extend({
  totpEnabled: z.boolean(),
  /** True while the operator must enrol two-factor before doing anything else (production, owner and finance). */
  totpEnrolmentRequired: z.boolean(),
  /**
   * True while the password is one an owner made (new account, reset): every route but this one,
   * me/password and logout answers 403 PASSWORD_CHANGE_REQUIRED until the operator replaces it.
   */
  mustChangePassword: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** When the session ends at the latest (12 hours after sign-in), ISO 8601. */
  sessionExpiresAt: z.string(),
  /** True while sandbox providers are on: the back office then shows the sandbox's SMS codes. */
  sandbox: z.boolean(),
});
export type OperatorMeResponse = z.infer<typeof operatorMeResponse>;

/** POST /api/backoffice/me/totp/setup: a new secret to scan; enrolment completes with /enable. */
export const totpSetupResponse = z.object({
  secret: z.string(),
  /** otpauth://totp/… as authenticator apps read it. */
  uri: z.string(),
  /** The same URI as an SVG QR code. */
  qrSvg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/** POST /api/backoffice/me/totp/enable: the code the app now shows proves the secret was scanned. */
export const totpEnablePayload = z.object({ otp: totpCode });
export type TotpEnablePayload = z.infer<typeof totpEnablePayload>;

/** POST /api/backoffice/me/password: an operator replaces their password (e.g. the temporary one). */
export const operatorPasswordPayload = z.object({
  currentPassword: password,
  newPassword: operatorNewPassword,
});
export type OperatorPasswordPayload = z.infer<typeof operatorPasswordPayload>;
