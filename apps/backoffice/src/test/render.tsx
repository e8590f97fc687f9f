import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorMeResponse } from '@wallet/contract/backoffice/auth';
import { ROLE_PERMISSIONS } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import { setNavigator } from '@wallet/web-kit/lib/navigation';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { setOperatorToken } from '@/lib/operator-token';

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** The whole back office in a memory router at `path`; the HTTP client's redirects go through it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => {
    void router.navigate(to);
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, ...view };
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
    ...overrides,
  };
}

/** A stored operator session, as after signing in. */
export function signedIn(): void {
  setOperatorToken('operator-token');
}
