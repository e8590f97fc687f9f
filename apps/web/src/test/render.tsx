import { renderRoutes } from '@wallet/web-kit/testing/render';
import type { ReactNode } from 'react';

export { renderRoutes };

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
