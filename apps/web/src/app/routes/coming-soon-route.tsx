import { GiftIcon, WheelIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

const icons = { bonus: <GiftIcon />, spin: <WheelIcon /> };

/** Bonus and spin arrive in later issues; until then each route explains that and leads home. */
export default function ComingSoonRoute({ feature }: { feature: 'bonus' | 'spin' }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StatusCard level={1} icon={icons[feature]} title={t('comingSoon.title')} message={t(`comingSoon.${feature}`)}>
        <Link to={paths.userHome} className="btn btn-primary">
          {t('common.goHome')}
        </Link>
      </StatusCard>
    </div>
  );
}
