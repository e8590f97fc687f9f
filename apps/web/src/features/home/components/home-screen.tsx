import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { config } from '@/app/config';
import { paths } from '@/app/paths';
import { ChatIcon, UserIcon, WalletIcon } from '@/ui/icons';
import { Logo } from '@/ui/logo';
import { StatusCard } from '@/ui/status-card';

/** Wallet home placeholder until the wallet issue lands: greets the player and points to what works today. */
export function HomeScreen({ name }: { name: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="welcome">
        <Logo size={52} label={t('app.logoAlt', { name: config.appName })} />
        <div>
          <p className="welcome-kicker">{config.appName}</p>
          <h1 className="welcome-title">{name ? t('home.welcome', { name }) : t('home.welcomeGuest')}</h1>
        </div>
      </header>
      <StatusCard icon={<WalletIcon />} title={t('home.soonTitle')} message={t('home.soonMessage')}>
        <Link to={paths.userProfile} className="btn btn-primary">
          <UserIcon />
          <span>{t('nav.profile')}</span>
        </Link>
        <Link to={paths.userContact} className="btn btn-ghost">
          <ChatIcon />
          <span>{t('nav.contact')}</span>
        </Link>
      </StatusCard>
    </div>
  );
}
