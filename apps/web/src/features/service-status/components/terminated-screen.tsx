import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** data-terminated on <body>: lets every screen know the service is closed until the login check says otherwise. */
export const TERMINATED_MARKER = 'terminated';

export function TerminatedScreen() {
  const { t } = useTranslation();
  useEffect(() => {
    document.body.dataset[TERMINATED_MARKER] = 'true';
  }, []);
  return <StatusCard level={1} icon={<ShieldIcon />} title={t('terminated.title')} message={t('terminated.message')} />;
}
