import { CompassIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <StatusCard level={1} icon={<CompassIcon />} title={t('notFound.title')} message={t('notFound.message')}>
      <Link to={paths.root} className="btn btn-primary">
        {t('common.goHome')}
      </Link>
    </StatusCard>
  );
}
