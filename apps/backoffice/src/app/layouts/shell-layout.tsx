import { useQueryClient } from '@tanstack/react-query';
import { KeyIcon, LogoutIcon, ShieldIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Logo } from '@wallet/web-kit/ui/logo';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { ChatBadge } from '@/features/chat/components/chat-badge';
import { MoneyDeskBadge } from '@/features/money-desk/components/money-desk-badge';
import { clearOperatorToken } from '@/lib/operator-token';
import { paths } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe, useMeFollowsEnrolmentRefusals } from '@/lib/session/get-me';
import { NAV_ITEMS } from '../navigation';
import { LanguageSwitch } from './language-switch';

/** Top bar (who is signed in, language, sign out) and the side navigation the operator's role allows. */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  useMeFollowsEnrolmentRefusals();
  const logout = useLogout();

  const signOut = () => {
    // The token is dropped even if the server call fails: the operator asked to leave.
    logout.mutate(undefined, {
      onSettled: () => {
        clearOperatorToken();
        queryClient.clear();
        navigate(paths.signIn, { replace: true });
      },
    });
  };

  const operator = me.data;
  // The server refuses everything else until then (PASSWORD_CHANGE_REQUIRED): only My account opens.
  const passwordFirst = operator?.mustChangePassword === true;
  const { pathname } = useLocation();
  if (passwordFirst && pathname !== paths.account) return <Navigate to={paths.account} replace />;
  return (
    <div className="bo-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="bo-topbar">
        <NavLink to={paths.root} className="bo-brand">
          <Logo size={30} />
          <span>{t('app.name')}</span>
        </NavLink>
        <div className="bo-topbar-actions">
          <LanguageSwitch />
          {operator ? (
            <p className="bo-operator" title={t('topbar.signedInAs', { username: operator.username })}>
              <span className="bo-operator-name" data-testid="operator-name">
                {operator.username}
              </span>
              <span className="role-badge" data-testid="operator-role">
                {t(`roles.${operator.role}`)}
              </span>
            </p>
          ) : null}
          <button type="button" className="btn btn-ghost btn-small" onClick={signOut} disabled={logout.isPending}>
            <LogoutIcon />
            <span>{t('topbar.signOut')}</span>
          </button>
        </div>
      </header>
      <nav className="bo-sidenav" aria-label={t('nav.main')}>
        {operator
          ? NAV_ITEMS.filter((item) => canCall(operator.role, item.needs) && (!item.sandboxOnly || operator.sandbox))
              .filter((item) => !passwordFirst || item.path === paths.account)
              .map(({ path, label, icon: Icon, badge }) => (
                <NavLink
                  key={path}
                  to={path}
                  className={({ isActive }) => (isActive ? 'nav-link is-active' : 'nav-link')}
                >
                  <Icon />
                  <span>{t(`nav.${label}`)}</span>
                  {badge === 'moneyDesk' && !passwordFirst ? <MoneyDeskBadge /> : null}
                  {badge === 'chat' && !passwordFirst ? <ChatBadge /> : null}
                </NavLink>
              ))
          : null}
      </nav>
      <main className="bo-main" id="main">
        {passwordFirst ? <PasswordChangeBanner /> : null}
        {operator?.totpEnrolmentRequired && !passwordFirst ? <TotpEnrolmentBanner /> : null}
        {me.isPending ? <Loader /> : null}
        {me.isError ? <LoadFailedCard icon={<LogoutIcon />} error={me.error} onRetry={() => me.refetch()} /> : null}
        {operator ? <Outlet /> : null}
      </main>
    </div>
  );
}

/**
 * Production owners and finance get TOTP_ENROLMENT_REQUIRED from every route but their own account's
 * until they enrol: the banner says so on every screen and leads to the page where they do it.
 */
function TotpEnrolmentBanner() {
  const { t } = useTranslation();
  return (
    <div className="bo-banner" data-testid="totp-banner">
      <ShieldIcon />
      <p>{t('shell.totpBanner')}</p>
      <NavLink to={paths.account} className="btn btn-primary btn-small">
        {t('shell.totpBannerLink')}
      </NavLink>
    </div>
  );
}

/** A new or reset account signs in with a password an owner saw: it is replaced before anything else. */
function PasswordChangeBanner() {
  const { t } = useTranslation();
  return (
    <div className="bo-banner" data-testid="password-banner" role="status">
      <KeyIcon />
      <p>{t('shell.passwordBanner')}</p>
    </div>
  );
}
