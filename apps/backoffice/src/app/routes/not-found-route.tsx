import { CompassIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <StatusCard icon={<CompassIcon />} title={t('notFound.title')} message={t('notFound.message')}>
      <Link className="btn btn-ghost" to={paths.root}>
        {t('notFound.home')}
      </Link>
    </StatusCard>
  );
}
