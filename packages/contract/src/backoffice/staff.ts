import { z } from 'zod';
import { text } from '../common.ts';
import { loginLockView } from './login-lock.ts';
import { OPERATOR_ROLES, OPERATOR_USERNAME_PATTERN } from './roles.ts';

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** Why an owner changed a staff account; kept in the audit log. */
const reason = text().trim().max(500).optional();

export const staffView = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(OPERATOR_STATUSES),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Failed sign-ins in the current window (null when none). */
  loginLock: loginLockView.nullable(),
});
export type StaffView = z.infer<typeof staffView>;

/** GET /api/backoffice/staff: every operator account, oldest first (a team is small). */
export const staffListResponse = z.object({ items: z.array(staffView) });
export type StaffListResponse = z.infer<typeof staffListResponse>;

/**
 * POST /api/backoffice/staff. The server makes the first password and answers it once; the operator
 * signs in with it and sets their own (POST /api/backoffice/me/password).
 */
export const staffCreatePayload = z.object({
  username: text().trim().toLowerCase().regex(OPERATOR_USERNAME_PATTERN),
  role: z.enum(OPERATOR_ROLES),
  reason,
});
export type StaffCreatePayload = z.input<typeof staffCreatePayload>;

/** Answer of create and reset-password: the temporary password is shown this once and never stored in clear. */
export const staffPasswordResponse = z.object({ operator: staffView, temporaryPassword: z.string() });
export type StaffPasswordResponse = z.infer<typeof staffPasswordResponse>;

export const staffIdParams = z.object({ id: text().min(1).max(64) });

/** POST /api/backoffice/staff/:id/disable and /enable. Disabling ends the operator's sessions at once. */
export const staffStatusPayload = z.object({ reason }).default({});
export type StaffStatusPayload = z.input<typeof staffStatusPayload>;

/**
 * POST /api/backoffice/staff/:id/reset-password: a new temporary password, every session ended;
 * `resetTotp` also removes the two-factor enrolment (a lost phone), so the operator enrols again.
 */
export const staffResetPasswordPayload = z.object({ resetTotp: z.boolean().default(false), reason }).default({
  resetTotp: false,
});
export type StaffResetPasswordPayload = z.input<typeof staffResetPasswordPayload>;

/** POST /api/backoffice/staff/:id/role. Nobody changes their own role. */
export const staffRolePayload = z.object({ role: z.enum(OPERATOR_ROLES), reason });
export type StaffRolePayload = z.input<typeof staffRolePayload>;

export const staffResponse = z.object({ operator: staffView });
export type StaffResponse = z.infer<typeof staffResponse>;
