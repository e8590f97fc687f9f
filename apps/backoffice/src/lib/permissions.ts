import { type BackofficeRoute, roleCanCall } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';

/**
 * Whether the operator's role may call a route, from the contract's one table the server enforces too.
 * Screens ask this to hide what the role cannot do; the server still refuses it with 403.
 */
export function canCall(role: OperatorRole | undefined, route: BackofficeRoute): boolean {
  if (!role) return false;
  const [method, path] = route.split(' ') as [string, string];
  return roleCanCall(role, method, path);
}
