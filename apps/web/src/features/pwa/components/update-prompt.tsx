import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, onWaitingChange, waitingWorker } from '../lib/service-worker';
import '@/styles/pwa.css';

/** Shown when a new version has been deployed and installed: the player chooses when the page reloads. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(onWaitingChange, waitingWorker);
  if (!waiting) return null;
  return (
    <section className="update-prompt" aria-labelledby="update-prompt-text" data-testid="update-prompt">
      <p id="update-prompt-text">{t('pwa.updateAvailable')}</p>
      <div className="update-prompt-actions">
        <button type="button" className="btn btn-ghost" onClick={dismissUpdate}>
          {t('pwa.updateLater')}
        </button>
        <button type="button" className="btn btn-primary" onClick={applyUpdate}>
          {t('pwa.updateNow')}
        </button>
      </div>
    </section>
  );
}
