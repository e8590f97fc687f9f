import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/session/get-me';

/** Where a signed-in operator lands until the dashboard takes this place. */
export default function HomeRoute() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return null;
  return (
    <StatusCard
      level={1}
      icon={<ShieldIcon />}
      title={t('home.title', { username: me.data.username })}
      message={t('home.message', { role: t(`roles.${me.data.role}`) })}
    />
  );
}
