import { type OperatorRole, TOTP_REQUIRED_ROLES } from '@wallet/contract/backoffice/roles';

/**
 * The signed-in operator behind a back-office call. Below both the operator audience's hook (http/)
 * and the session service (modules/backoffice), so neither imports the other.
 */
export interface Operator {
  id: string;
  username: string;
  role: OperatorRole;
  totpEnabled: boolean;
  /** The password is one an owner made (create, reset): every route but me, me/password and logout waits. */
  mustChangePassword: boolean;
  tokenHash: string;
  /** When the session ends at the latest (epoch ms). */
  sessionExpiresAt: number;
}

export function mustEnrolTotp(operator: { role: OperatorRole; totpEnabled: boolean }, required: boolean): boolean {
  return required && !operator.totpEnabled && TOTP_REQUIRED_ROLES.includes(operator.role);
}
