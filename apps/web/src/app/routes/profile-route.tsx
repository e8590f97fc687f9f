import { useTranslation } from 'react-i18next';
import { InviteShare } from '@/features/invite/components/invite-share';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import '@/styles/promotions.css';

/** The profile, with the player's invite code and link (issue 15: on the profile as well as home). */
export default function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <ProfileScreen
      extra={(profileId) => (
        <section className="card">
          <h2 className="card-title">{t('invite.shareTitle')}</h2>
          <InviteShare profileId={profileId} />
        </section>
      )}
    />
  );
}
