import { WarningIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { useKeptOnScreen, useOnline } from '@/lib/online';
import '@/styles/pwa.css';

/**
 * Without a network the app (opened from the service worker's cache) shows this instead of screens whose
 * money figures it could not load; it goes away by itself when the network is back. A screen that stays
 * useful offline (an open QR, which the player pays in the banking app) is not covered: it says so itself.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const kept = useKeptOnScreen();
  if (online || kept) return null;
  return (
    <div className="offline-screen" role="alert" data-testid="offline-screen">
      <StatusCard icon={<WarningIcon />} title={t('pwa.offlineTitle')} message={t('pwa.offlineMessage')}>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </StatusCard>
    </div>
  );
}
