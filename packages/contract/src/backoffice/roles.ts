/**
 * Back-office roles, zod-free so the back-office app can import them without a validator. What each
 * role may do is in permissions.ts.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'marketing', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Roles that move money or manage staff: in production they cannot act until they have enrolled an
 * authenticator (TOTP_ENROLMENT_REQUIRED); a stolen password alone must not reach the money.
 */
export const TOTP_REQUIRED_ROLES: readonly OperatorRole[] = ['owner', 'finance'];

/** Operator usernames: what staff type at sign-in, also shown in the audit log. */
export const OPERATOR_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;

/** Sessions end after this long without a call, and after OPERATOR_SESSION_MAX_MS whatever happens. */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60 * 1000;
export const OPERATOR_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}
