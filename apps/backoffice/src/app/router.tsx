import { Loader } from '@wallet/web-kit/ui/loader';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASENAME, paths } from '@/lib/paths';
import { RequireOperator } from './guards/require-operator';
import { ShellLayout } from './layouts/shell-layout';

// Each screen is its own chunk, so the sign-in page loads only what it shows.
const SignInRoute = lazy(() => import('./routes/sign-in-route'));
const HomeRoute = lazy(() => import('./routes/home-route'));
const NotFoundRoute = lazy(() => import('./routes/not-found-route'));
// One component for the inbox alone and with a conversation open, so opening one keeps the inbox as it is.
const ChatRoute = lazy(() => import('./routes/chat-route'));

/** The signed-in screens by path, one line each: a new screen adds its line here and its entry in navigation.ts. */
const SCREENS: ReadonlyArray<readonly [string, LazyExoticComponent<ComponentType>]> = [
  [paths.moneyDesk, lazy(() => import('./routes/money-desk-route'))],
  [paths.players, lazy(() => import('./routes/players-route'))],
  [paths.player, lazy(() => import('./routes/player-route'))],
  [paths.bankChanges, lazy(() => import('./routes/bank-changes-route'))],
  [paths.adjustments, lazy(() => import('./routes/adjustments-route'))],
  [paths.staff, lazy(() => import('./routes/staff-route'))],
  [paths.audit, lazy(() => import('./routes/audit-route'))],
  [paths.sandboxSms, lazy(() => import('./routes/sandbox-sms-route'))],
  [paths.settings, lazy(() => import('./routes/settings-route'))],
  [paths.content, lazy(() => import('./routes/content-route'))],
  [paths.promotions, lazy(() => import('./routes/promotions-route'))],
  [paths.spinwheel, lazy(() => import('./routes/spinwheel-route'))],
  [paths.protection, lazy(() => import('./routes/protection-route'))],
  [paths.chat, ChatRoute],
  [paths.chatConversation, ChatRoute],
  [paths.cannedReplies, lazy(() => import('./routes/canned-replies-route'))],
  [paths.account, lazy(() => import('./routes/account-route'))],
];

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
      ...SCREENS.map(([path, Route]) => ({
        path,
        element: (
          <Screen>
            <Route />
          </Screen>
        ),
      })),
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
