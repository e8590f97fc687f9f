import { clearToken, getToken } from '@wallet/web-kit/lib/auth-token';
import { ChatIcon, CompassIcon, LoginIcon, UserPlusIcon } from '@wallet/web-kit/ui/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { ChatLauncher } from '@/features/chat/components/chat-launcher';
import { LanguageMenu } from '@/features/language/components/language-menu';
import { paths } from '@/lib/paths';
import { WhenIdle } from '@/lib/when-idle';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'bottom-link is-active' : 'bottom-link');

export function PublicLayout() {
  const { t } = useTranslation();

  // SPEC §2: showing the public layout while a token is stored ends that session.
  useEffect(() => {
    if (getToken()) clearToken();
  }, []);

  return (
    <div className="shell shell-public">
      <div className="public-lang">
        <LanguageMenu />
      </div>
      <main className="shell-main" id="main">
        <Outlet />
      </main>
      <nav className="bottom-nav" aria-label={t('nav.main')}>
        <NavLink to={paths.login} className={navClass}>
          <LoginIcon />
          <span>{t('nav.login')}</span>
        </NavLink>
        <NavLink to={paths.register} className={navClass}>
          <UserPlusIcon />
          <span>{t('nav.register')}</span>
        </NavLink>
        <NavLink to={paths.howto} className={navClass}>
          <CompassIcon />
          <span>{t('nav.howto')}</span>
        </NavLink>
        <NavLink to={paths.contact} className={navClass}>
          <ChatIcon />
          <span>{t('nav.contact')}</span>
        </NavLink>
      </nav>
      <WhenIdle>
        <ChatLauncher />
      </WhenIdle>
    </div>
  );
}
