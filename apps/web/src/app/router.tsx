import { setNavigator } from '@wallet/web-kit/lib/navigation';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Component, lazy, type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { withTexts } from '@/i18n/i18n';
import {
  accountFormTexts,
  bonusTexts,
  contactTexts,
  howtoTexts,
  playSafeTexts,
  spinTexts,
  statementTexts,
} from '@/i18n/lazy-texts';
import { paths } from '@/lib/paths';
import { RequireAuth } from './guards/require-auth';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './routes/route-error';

// Each screen is its own chunk: a cheap phone downloads only the screen it opens.
// The member shell (with DOMPurify for the conditions popup) loads only once a member opens /user.
const AuthLayout = lazy(() => import('./layouts/auth-layout').then((module) => ({ default: module.AuthLayout })));
const LoginRoute = lazy(() => import('./routes/login-route'));
const RegisterRoute = lazy(withTexts(accountFormTexts, () => import('./routes/register-route')));
const ForgotPasswordRoute = lazy(withTexts(accountFormTexts, () => import('./routes/forgot-password-route')));
const HowtoRoute = lazy(withTexts(howtoTexts, () => import('./routes/howto-route')));
const ContactRoute = lazy(withTexts(contactTexts, () => import('./routes/contact-route')));
const UserHomeRoute = lazy(() => import('./routes/user-home-route'));
const ProfileRoute = lazy(withTexts(accountFormTexts, () => import('./routes/profile-route')));
const StatementRoute = lazy(withTexts(statementTexts, () => import('./routes/statement-route')));
const BonusRoute = lazy(withTexts(bonusTexts, () => import('./routes/bonus-route')));
const SpinRoute = lazy(withTexts(spinTexts, () => import('./routes/spin-route')));
const PlaySafeRoute = lazy(withTexts(playSafeTexts, () => import('./routes/play-safe-route')));
const TerminatedRoute = lazy(withTexts(contactTexts, () => import('./routes/terminated-route')));
const NotFoundRoute = lazy(() => import('./routes/not-found-route'));

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loader />}>{children}</Suspense>;
}

function Bare({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell-bare">
      <main className="shell-main" id="main">
        <Screen>{children}</Screen>
      </main>
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <PublicLayout />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      {
        path: paths.login,
        element: (
          <Screen>
            <LoginRoute />
          </Screen>
        ),
      },
      {
        path: paths.register,
        element: (
          <Screen>
            <RegisterRoute />
          </Screen>
        ),
      },
      {
        path: paths.forgotPassword,
        element: (
          <Screen>
            <ForgotPasswordRoute />
          </Screen>
        ),
      },
      {
        path: paths.howto,
        element: (
          <Screen>
            <HowtoRoute />
          </Screen>
        ),
      },
      {
        path: paths.contact,
        element: (
          <Screen>
            <ContactRoute variant="public" />
          </Screen>
        ),
      },
    ],
  },
  {
    path: paths.user,
    element: (
      <RequireAuth>
        <Screen>
          <AuthLayout />
        </Screen>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={paths.userHome} replace /> },
      {
        path: paths.userHome,
        element: (
          <Screen>
            <UserHomeRoute />
          </Screen>
        ),
      },
      {
        path: paths.userProfile,
        element: (
          <Screen>
            <ProfileRoute />
          </Screen>
        ),
      },
      {
        path: paths.userBonus,
        element: (
          <Screen>
            <BonusRoute />
          </Screen>
        ),
      },
      {
        path: paths.userStatement,
        element: (
          <Screen>
            <StatementRoute />
          </Screen>
        ),
      },
      {
        path: paths.userContact,
        element: (
          <Screen>
            <ContactRoute variant="member" />
          </Screen>
        ),
      },
      {
        path: paths.userPlaySafe,
        element: (
          <Screen>
            <PlaySafeRoute />
          </Screen>
        ),
      },
      {
        path: paths.userSpin,
        element: (
          <Screen>
            <SpinRoute />
          </Screen>
        ),
      },
    ],
  },
  {
    path: paths.terminated,
    element: (
      <Bare>
        <TerminatedRoute />
      </Bare>
    ),
  },
  {
    path: '*',
    element: (
      <Bare>
        <NotFoundRoute />
      </Bare>
    ),
  },
];

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: a new one tries again (a chunk that failed offline may load now). */
  resetKey: string;
}

/** A screen that cannot load (its chunk gone after a deploy, the phone offline) shows RouteError instead. */
export class ScreenErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** The HTTP client's redirects (a 401 to /login, a 410 to /terminated) go through the router. */
function HttpClientNavigator() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = useRef(pathname);
  current.current = pathname;
  // A layout effect: it runs before any screen's query starts, so no call can answer before it is set.
  useLayoutEffect(() => {
    setNavigator((path) => {
      void navigate(path, { replace: current.current === path });
    });
  }, [navigate]);
  return null;
}

/**
 * The screen for the current address, inside a BrowserRouter. Declarative routing on purpose: the data router
 * (createBrowserRouter) would add about 17 KB gzip to every first load for loaders, actions and fetchers the
 * app does not use (issue 18's budget on a slow phone).
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <>
      <HttpClientNavigator />
      <ScreenErrorBoundary resetKey={pathname}>{element}</ScreenErrorBoundary>
    </>
  );
}
