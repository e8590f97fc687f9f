import { useQueryClient } from '@tanstack/react-query';
import { clearToken } from '@wallet/web-kit/lib/auth-token';
import { ChatIcon, DocumentIcon, HomeIcon, ListIcon, LogoutIcon, ShieldIcon, UserIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Logo } from '@wallet/web-kit/ui/logo';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { ChatLauncher } from '@/features/chat/components/chat-launcher';
import { LanguageMenu } from '@/features/language/components/language-menu';
import { RealityCheck } from '@/features/protection/components/reality-check';
import { useWalletRealtime } from '@/features/realtime/use-wallet-realtime';
import '@/styles/wallet.css';
import { config } from '@/lib/config';
import { paths } from '@/lib/paths';
import { WhenIdle } from '@/lib/when-idle';

// Opened from the bottom bar now and then; loaded then, with its HTML sanitiser, not with every member page
// (issue 18: the shell's first render and download).
const ConditionsModal = lazy(() =>
  import('@/features/conditions/components/conditions-modal').then((module) => ({ default: module.ConditionsModal })),
);

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'bottom-link is-active' : 'bottom-link');

export function AuthLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [conditionsOpen, setConditionsOpen] = useState(false);
  // Live wallet updates from other tabs and devices, for as long as the member shell is mounted.
  useWalletRealtime();

  const onLogout = () => {
    // The token is dropped even if the server call fails: the player asked to leave.
    logout.mutate(undefined, {
      onSettled: () => {
        clearToken();
        queryClient.clear();
        navigate(paths.login, { replace: true });
      },
    });
  };

  return (
    <div className="shell shell-auth">
      <header className="top-bar">
        <NavLink to={paths.userHome} className="brand">
          <Logo size={34} />
          <span className="brand-name">{config.appName}</span>
        </NavLink>
        <div className="top-actions">
          <NavLink
            to={paths.userPlaySafe}
            className={({ isActive }) =>
              isActive ? 'icon-button top-play-safe is-active' : 'icon-button top-play-safe'
            }
            aria-label={t('nav.playSafe')}
            title={t('nav.playSafe')}
            data-testid="nav-play-safe"
          >
            <ShieldIcon />
          </NavLink>
          <LanguageMenu />
          <button
            type="button"
            className="icon-button top-logout"
            onClick={onLogout}
            disabled={logout.isPending}
            aria-label={t('topbar.logout')}
            title={t('topbar.logout')}
          >
            <LogoutIcon />
          </button>
        </div>
      </header>
      <main className="shell-main" id="main">
        <Outlet />
      </main>
      <nav className="bottom-nav bottom-nav-auth" aria-label={t('nav.main')}>
        <NavLink to={paths.userProfile} className={navClass}>
          <UserIcon />
          <span>{t('nav.profile')}</span>
        </NavLink>
        <button type="button" className="bottom-link" onClick={() => setConditionsOpen(true)}>
          <DocumentIcon />
          <span>{t('nav.conditions')}</span>
        </button>
        <NavLink
          to={paths.userHome}
          className={({ isActive }) => (isActive ? 'home-button is-active' : 'home-button')}
          aria-label={t('nav.home')}
        >
          <HomeIcon />
        </NavLink>
        <NavLink to={paths.userStatement} className={navClass}>
          <ListIcon />
          <span>{t('nav.statement')}</span>
        </NavLink>
        <NavLink to={paths.userContact} className={navClass}>
          <ChatIcon />
          <span>{t('nav.contact')}</span>
        </NavLink>
      </nav>
      <WhenIdle>
        <ChatLauncher />
      </WhenIdle>
      {conditionsOpen ? (
        <Suspense fallback={<Loader overlay />}>
          <ConditionsModal open onClose={() => setConditionsOpen(false)} />
        </Suspense>
      ) : null}
      <WhenIdle>
        <RealityCheck onSignOut={onLogout} />
      </WhenIdle>
    </div>
  );
}
