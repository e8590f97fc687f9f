import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setNavigator } from '@wallet/web-kit/lib/navigation';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router with the app's providers; the HTTP client's redirects go through it. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  setNavigator((path) => {
    void router.navigate(path);
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, ...view };
}

/** One screen at `path`, plus stand-in pages for the places it may navigate to. */
export function renderScreen(element: ReactNode, path = '/', initialPath = path) {
  const stub = (name: string) => <output data-testid="page">{name}</output>;
  return renderRoutes(
    [
      { path, element },
      { path: '/login', element: path === '/login' ? element : stub('/login') },
      { path: '/user', element: stub('/user') },
      { path: '/user/profile', element: stub('/user/profile') },
      { path: '/terminated', element: stub('/terminated') },
    ].filter((route, index, all) => all.findIndex((other) => other.path === route.path) === index),
    initialPath,
  );
}
