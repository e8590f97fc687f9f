import { ChevronIcon, ShieldIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InviteShare } from '@/features/invite/components/invite-share';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { paths } from '@/lib/paths';
import '@/styles/promotions.css';

/** The profile, with the player's invite code and link (issue 15) and the way to Play safe (issue 20). */
export default function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <ProfileScreen
      extra={(profileId) => (
        <>
          <section className="card">
            <h2 className="card-title">{t('invite.shareTitle')}</h2>
            <InviteShare profileId={profileId} />
          </section>
          <section className="card">
            <h2 className="card-title">{t('protection.title')}</h2>
            <p className="muted">{t('protection.profileHint')}</p>
            <Link to={paths.userPlaySafe} className="btn btn-ghost btn-block" data-testid="profile-play-safe">
              <ShieldIcon />
              <span>{t('protection.open')}</span>
              <ChevronIcon direction="right" />
            </Link>
          </section>
        </>
      )}
    />
  );
}
