import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { AppProviders } from '../ui/app-providers';

/** No retries: a test sees a refusal at once. */
function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router with the apps' providers; the HTTP client's redirects go through it. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
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
