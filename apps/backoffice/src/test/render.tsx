import type { OperatorMeResponse } from '@wallet/contract/backoffice/auth';
import { ROLE_PERMISSIONS } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import { renderRoutes } from '@wallet/web-kit/testing/render';
import { routes } from '@/app/router';
import { setOperatorToken } from '@/lib/operator-token';

/** The whole back office in a memory router at `path`; the HTTP client's redirects go through it. */
export function renderApp(path: string) {
  return renderRoutes(routes, path);
}

/** GET /api/backoffice/me as the server answers it for an operator of that role. */
export function me(role: OperatorRole, overrides: Partial<OperatorMeResponse> = {}): OperatorMeResponse {
  return {
    id: `op-${role}`,
    username: `${role}.one`,
    role,
    totpEnabled: false,
    totpEnrolmentRequired: false,
    mustChangePassword: false,
    permissions: [...ROLE_PERMISSIONS[role]],
    sessionExpiresAt: '2026-03-02T08:00:00.000Z',
    sandbox: false,
    ...overrides,
  };
}

/** A stored operator session, as after signing in. */
export function signedIn(): void {
  setOperatorToken('operator-token');
}
