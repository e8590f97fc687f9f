import { Loader } from '@wallet/web-kit/ui/loader';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASENAME, paths } from '@/lib/paths';
import { RequireOperator } from './guards/require-operator';
import { ShellLayout } from './layouts/shell-layout';

// Each screen is its own chunk, so the sign-in page loads only what it shows.
const SignInRoute = lazy(() => import('./routes/sign-in-route'));
const HomeRoute = lazy(() => import('./routes/home-route'));
const AccountRoute = lazy(() => import('./routes/account-route'));
const StaffRoute = lazy(() => import('./routes/staff-route'));
const AuditRoute = lazy(() => import('./routes/audit-route'));
const MoneyDeskRoute = lazy(() => import('./routes/money-desk-route'));
const NotFoundRoute = lazy(() => import('./routes/not-found-route'));

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loader />}>{children}</Suspense>;
}

export const routes: RouteObject[] = [
  {
    path: paths.signIn,
    element: (
      <Screen>
        <SignInRoute />
      </Screen>
    ),
  },
  {
    path: paths.root,
    element: (
      <RequireOperator>
        <ShellLayout />
      </RequireOperator>
    ),
    children: [
      {
        index: true,
        element: (
          <Screen>
            <HomeRoute />
          </Screen>
        ),
      },
      {
        path: paths.account,
        element: (
          <Screen>
            <AccountRoute />
          </Screen>
        ),
      },
      {
        path: paths.staff,
        element: (
          <Screen>
            <StaffRoute />
          </Screen>
        ),
      },
      {
        path: paths.audit,
        element: (
          <Screen>
            <AuditRoute />
          </Screen>
        ),
      },
      {
        path: paths.moneyDesk,
        element: (
          <Screen>
            <MoneyDeskRoute />
          </Screen>
        ),
      },
      {
        path: '*',
        element: (
          <Screen>
            <NotFoundRoute />
          </Screen>
        ),
      },
    ],
  },
];

export function createBackofficeRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}
