import { WarningIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';

/** Shown when a screen's chunk cannot load (e.g. a new deploy replaced it, or the phone went offline). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="shell shell-bare">
      <main className="shell-main">
        <StatusCard icon={<WarningIcon />} title={t('common.loadFailed')}>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </button>
        </StatusCard>
      </main>
    </div>
  );
}
